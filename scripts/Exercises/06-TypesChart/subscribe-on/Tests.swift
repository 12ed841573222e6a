import Testing

@testable import MiniCombine

@Suite("subscribe(on:)")
struct SubscribeOnTests {
    /// A scheduler that keeps every action until the test runs it, and
    /// records the options each action came with.
    final class StepScheduler: Scheduler {
        typealias SchedulerOptions = String

        private(set) var options: [String?] = []
        private var pending: [() -> Void] = []

        var pendingCount: Int { pending.count }

        func schedule(options: String?, _ action: @escaping () -> Void) {
            self.options.append(options)
            pending.append(action)
        }

        /// Runs the oldest waiting action.
        func runNext() {
            guard !pending.isEmpty else {
                Issue.record("runNext() with no action waiting")
                return
            }
            pending.removeFirst()()
        }

        /// Runs the waiting actions in order, including any they schedule.
        func runAll() {
            while !pending.isEmpty {
                pending.removeFirst()()
            }
        }
    }

    @Test func subscribingWaitsForTheScheduler() {
        let scheduler = StepScheduler()
        let publisher = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>()
        publisher.subscribe(on: scheduler).subscribe(subscriber)
        #expect(publisher.subscribeCount == 0)
        #expect(subscriber.events == [])

        scheduler.runNext()
        #expect(publisher.subscribeCount == 1)
        #expect(subscriber.events == [.subscription])
    }

    @Test func requestsGoUpThroughTheScheduler() {
        let scheduler = StepScheduler()
        let publisher = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
        publisher.subscribe(on: scheduler).subscribe(subscriber)
        scheduler.runNext()
        #expect(publisher.subscription.calls == [])
        #expect(scheduler.pendingCount == 1)

        scheduler.runNext()
        #expect(publisher.subscription.calls == [.request(.max(2))])
    }

    @Test func valuesAndCompletionComeDownAtOnce() {
        let scheduler = StepScheduler()
        let publisher = ManualPublisher<Int, TestError>()
        let subscriber = RecordingSubscriber<Int, TestError>(
            initialDemand: .unlimited, demandPerValue: .max(1))
        publisher.subscribe(on: scheduler).subscribe(subscriber)
        scheduler.runAll()
        #expect(publisher.send(1) == .max(1))
        publisher.send(completion: .failure(.boom))
        #expect(scheduler.pendingCount == 0)
        #expect(
            subscriber.events == [
                .subscription, .value(1), .completion(.failure(.boom)),
            ])
    }

    @Test func cancelGoesUpThroughTheScheduler() {
        let scheduler = StepScheduler()
        let publisher = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .unlimited)
        publisher.subscribe(on: scheduler).subscribe(subscriber)
        scheduler.runAll()
        subscriber.cancel()
        #expect(publisher.subscription.calls == [.request(.unlimited)])

        scheduler.runAll()
        #expect(
            publisher.subscription.calls == [.request(.unlimited), .cancel])
    }

    @Test func nothingComesDownOrGoesUpAfterCancel() {
        let scheduler = StepScheduler()
        let publisher = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .unlimited)
        publisher.subscribe(on: scheduler).subscribe(subscriber)
        scheduler.runAll()
        subscriber.cancel()
        subscriber.request(.max(1))
        subscriber.cancel()
        scheduler.runAll()
        #expect(publisher.send(1) == .none)
        publisher.send(completion: .finished)
        #expect(subscriber.events == [.subscription])
        #expect(
            publisher.subscription.calls == [.request(.unlimited), .cancel])
    }

    @Test func everyActionCarriesTheOptions() {
        let scheduler = StepScheduler()
        let publisher = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        publisher.subscribe(on: scheduler, options: "background").subscribe(
            subscriber)
        scheduler.runAll()
        subscriber.cancel()
        scheduler.runAll()
        #expect(
            scheduler.options == ["background", "background", "background"])
    }

    @Test func justSendsOnceTheSchedulerHasRunEverything() {
        let scheduler = StepScheduler()
        let subscriber = RecordingSubscriber<Int, Never>(
            initialDemand: .unlimited)
        Just(3).subscribe(on: scheduler).subscribe(subscriber)
        scheduler.runNext()
        #expect(subscriber.events == [.subscription])

        scheduler.runNext()
        #expect(
            subscriber.events == [
                .subscription, .value(3), .completion(.finished),
            ])
    }
}
