import MiniCombine
import Testing

private typealias Demand = Subscribers.Demand

/// Chapter 1: `subscribe(_:)` forwarding to `receive(subscriber:)`,
/// `Subscribers.Demand` arithmetic, comparisons and traps, and
/// `Subscribers.Completion` equality.
@Suite struct Chapter01ProtocolsTests {
    // MARK: - Subscribing

    @Test func subscribeHandsTheSubscriberToReceiveSubscriber() throws {
        let publisher = CapturingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>()
        publisher.subscribe(subscriber)
        let received = try #require(
            publisher.subscriber as? RecordingSubscriber<Int, Never>)
        #expect(received === subscriber)
    }

    // MARK: - Addition

    @Test func finiteDemandsAddUp() {
        #expect(Demand.max(2) + .max(3) == .max(5))
        #expect(Demand.max(2) + 3 == .max(5))
        var demand = Demand.none
        demand += .max(1)
        demand += 21
        #expect(demand == .max(22))
    }

    @Test func maxIntPlusOneSaturatesToUnlimited() {
        #expect(Demand.max(Int.max) + .max(1) == .unlimited)
        #expect(Demand.max(Int.max) + 1 == .unlimited)
        var demand = Demand.max(Int.max)
        demand += 1
        #expect(demand == .unlimited)
    }

    @Test func unlimitedAbsorbsAddition() {
        #expect(Demand.unlimited + .max(5) == .unlimited)
        #expect(Demand.max(5) + .unlimited == .unlimited)
        #expect(Demand.unlimited + .unlimited == .unlimited)
        #expect(Demand.unlimited + 5 == .unlimited)
        #expect(Demand.unlimited + Int.min == .unlimited)
        var demand = Demand.unlimited
        demand += .max(1)
        demand += -3
        #expect(demand == .unlimited)
    }

    // MARK: - Subtraction

    @Test func finiteSubtractionTakesAway() {
        #expect(Demand.max(5) - .max(2) == .max(3))
        #expect(Demand.max(5) - 2 == .max(3))
        #expect(Demand.max(5) - .max(5) == .none)
        var demand = Demand.max(100)
        demand -= .max(1)
        demand -= 21
        #expect(demand == .max(78))
    }

    @Test func subtractingFromUnlimitedStaysUnlimited() {
        #expect(Demand.unlimited - .max(1) == .unlimited)
        #expect(Demand.unlimited - 1 == .unlimited)
        #expect(Demand.unlimited - .unlimited == .unlimited)
        var demand = Demand.unlimited
        demand -= Int.max
        #expect(demand == .unlimited)
    }

    @Test func subtractingUnlimitedFromAFiniteDemandGivesNone() {
        #expect(Demand.max(42) - .unlimited == .none)
        #expect(Demand.max(Int.max) - .unlimited == .none)
        var demand = Demand.max(3)
        demand -= .unlimited
        #expect(demand == .none)
    }

    @Test func addingANegativeCountInRangeTakesAway() {
        #expect(Demand.max(5) + -2 == .max(3))
    }

    @Test func subtractingACountThatOverflowsGivesNone() {
        // Combine's rule, not arithmetic: the overflow is caught and read as zero.
        #expect(Demand.max(Int.max) - -1 == .none)
        #expect(Demand.max(5) - Int.min == .none)
    }

    // MARK: - Comparison

    @Test func unlimitedIsTheLargestDemand() {
        #expect(Demand.max(Int.max) < .unlimited)
        #expect(!(Demand.unlimited < .max(Int.max)))
        #expect(Demand.unlimited > .max(Int.max))
        #expect(!(Demand.unlimited < .unlimited))
        #expect(Demand.unlimited <= .unlimited)
        #expect(Demand.unlimited >= .unlimited)
        #expect([Demand.max(7), .unlimited, .none].max() == .unlimited)
        #expect(
            [Demand.max(7), .unlimited, .none].sorted() == [
                .none, .max(7), .unlimited,
            ])
    }

    @Test func finiteDemandsCompareByCount() {
        #expect(Demand.max(1) < .max(2))
        #expect(!(Demand.max(2) < .max(2)))
        #expect(Demand.max(2) <= .max(2))
        #expect(Demand.max(3) > .max(2))
    }

    @Test func demandComparesWithAnIntOnTheRight() {
        #expect(Demand.max(3) < 4)
        #expect(!(Demand.max(3) < 3))
        #expect(Demand.max(3) <= 3)
        #expect(Demand.max(3) > 2)
        #expect(!(Demand.max(3) > 3))
        #expect(Demand.max(3) >= 3)
        #expect(!(Demand.unlimited < Int.max))
        #expect(!(Demand.unlimited <= Int.max))
        #expect(Demand.unlimited > Int.max)
        #expect(Demand.unlimited >= Int.max)
    }

    @Test func demandComparesWithAnIntOnTheLeft() {
        #expect(2 < Demand.max(3))
        #expect(!(3 < Demand.max(3)))
        #expect(3 <= Demand.max(3))
        #expect(4 > Demand.max(3))
        #expect(!(3 > Demand.max(3)))
        #expect(3 >= Demand.max(3))
        #expect(Int.max < Demand.unlimited)
        #expect(Int.max <= Demand.unlimited)
        #expect(!(Int.max > Demand.unlimited))
        #expect(!(Int.max >= Demand.unlimited))
    }

    // MARK: - Equality

    @Test(arguments: [Int.min, -1, 0, 1, 42, Int.max])
    func unlimitedEqualsNoInt(count: Int) {
        #expect(!(Demand.unlimited == count))
        #expect(!(count == Demand.unlimited))
        #expect(Demand.unlimited != count)
        #expect(count != Demand.unlimited)
    }

    @Test func finiteDemandEqualsItsCount() {
        #expect(Demand.max(3) == 3)
        #expect(3 == Demand.max(3))
        #expect(Demand.max(3) != 4)
        #expect(4 != Demand.max(3))
        #expect(Demand.max(Int.max) == Int.max)
    }

    @Test func noneIsMaxZero() {
        #expect(Demand.none == .max(0))
        #expect(Demand.none == 0)
        #expect(Demand.none != .unlimited)
        #expect(Set([Demand.none, .max(0)]).count == 1)
    }

    @Test func maxPropertyIsNilOnlyForUnlimited() {
        #expect(Demand.unlimited.max == nil)
        #expect(Demand.max(3).max == 3)
        #expect(Demand.none.max == 0)
        #expect(Demand.max(Int.max).max == Int.max)
    }

    @Test func descriptionNamesTheDemand() {
        #expect(Demand.unlimited.description == "unlimited")
        #expect(Demand.max(3).description == "max(3)")
        #expect(Demand.none.description == "max(0)")
        #expect("\(Demand.max(Int.max) + 1)" == "unlimited")
    }

    // MARK: - Traps

    @Test func negativeDemandTraps() async {
        let exit = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            _ = Subscribers.Demand.max(-1)
        }
        #expect(standardError(of: exit).contains("a demand cannot be negative"))
    }

    @Test func subtractionBelowZeroTraps() async {
        let exit = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            _ = Subscribers.Demand.max(1) - .max(2)
        }
        #expect(standardError(of: exit).contains("a demand cannot be negative"))
    }

    @Test func subtractingAnIntBelowZeroTraps() async {
        let exit = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            _ = Subscribers.Demand.max(1) - 2
        }
        #expect(standardError(of: exit).contains("a demand cannot be negative"))
    }

    @Test func addingANegativeIntBelowZeroTraps() async {
        let exit = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            _ = Subscribers.Demand.max(1) + -2
        }
        #expect(standardError(of: exit).contains("a demand cannot be negative"))
    }

    // MARK: - Completion

    @Test func completionsAreEqualWhenTheirFailuresAre() {
        typealias Completion = Subscribers.Completion<TestError>
        #expect(Completion.finished == .finished)
        #expect(Completion.failure(.boom) == .failure(.boom))
        #expect(Completion.failure(.boom) != .failure(.other))
        #expect(Completion.finished != .failure(.boom))
        #expect(Subscribers.Completion<Never>.finished == .finished)
    }

    @Test func equalCompletionsHashAlike() {
        enum HashableError: Error, Hashable {
            case lost
            case late
        }
        let completions: Set<Subscribers.Completion<HashableError>> = [
            .finished, .finished, .failure(.lost), .failure(.lost),
            .failure(.late),
        ]
        #expect(completions == [.finished, .failure(.lost), .failure(.late)])
    }
}
