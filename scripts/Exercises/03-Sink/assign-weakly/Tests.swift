import Testing

@testable import MiniCombine

@Suite("Assign without holding on")
struct WeakAssignTests {
    /// An object with a property to write to, which records every write.
    final class Screen {
        var writes: [Int] = []
        var shown = 0 {
            didSet { writes.append(shown) }
        }
    }

    @Test func everyValueIsWrittenIntoTheProperty() {
        let publisher = ManualPublisher<Int, Never>()
        let screen = Screen()
        let cancellable = publisher.assign(to: \.shown, onWeak: screen)
        publisher.send(1)
        publisher.send(2)
        #expect(screen.writes == [1, 2])
        #expect(publisher.subscription.calls == [.request(.unlimited)])
        _ = cancellable
    }

    @Test func justIsWrittenOnce() {
        let screen = Screen()
        let cancellable = Just(7).assign(to: \.shown, onWeak: screen)
        #expect(screen.writes == [7])
        _ = cancellable
    }

    @Test func subscriberDoesNotKeepTheObjectAlive() {
        let publisher = ManualPublisher<Int, Never>()
        weak var weakScreen: Screen?
        var cancellable: AnyCancellable?
        do {
            let screen = Screen()
            weakScreen = screen
            cancellable = publisher.assign(to: \.shown, onWeak: screen)
        }
        #expect(
            weakScreen == nil, "the subscriber should hold the object weakly")
        _ = cancellable
        cancellable = nil
    }

    @Test func objectMayStoreItsOwnCancellableWithoutACycle() {
        /// An object that keeps the subscription that writes to it.
        final class Owner {
            var value = 0
            var cancellable: AnyCancellable?
        }
        let publisher = ManualPublisher<Int, Never>()
        weak var weakOwner: Owner?
        do {
            let owner = Owner()
            weakOwner = owner
            owner.cancellable = publisher.assign(to: \.value, onWeak: owner)
            publisher.send(3)
            #expect(owner.value == 3)
        }
        #expect(
            weakOwner == nil,
            "an object that stores the cancellable should still go away")
        #expect(
            publisher.subscription.calls == [.request(.unlimited), .cancel])
    }

    @Test func valueForAVanishedObjectCancelsTheSubscription() {
        let publisher = ManualPublisher<Int, Never>()
        var screen: Screen? = Screen()
        let cancellable = publisher.assign(to: \.shown, onWeak: screen!)
        screen = nil
        #expect(publisher.send(1) == .none)
        publisher.send(2)
        #expect(
            publisher.subscription.calls == [.request(.unlimited), .cancel])
        _ = cancellable
    }

    @Test func cancellingStopsTheWrites() {
        let publisher = ManualPublisher<Int, Never>()
        let screen = Screen()
        let cancellable = publisher.assign(to: \.shown, onWeak: screen)
        publisher.send(1)
        cancellable.cancel()
        publisher.send(2)
        #expect(screen.writes == [1])
        #expect(
            publisher.subscription.calls == [.request(.unlimited), .cancel])
    }

    @Test func subscriberCancelsASecondSubscription() {
        let screen = Screen()
        let subscriber = Subscribers.WeakAssign(
            object: screen, keyPath: \Screen.shown)
        let first = SpySubscription()
        let second = SpySubscription()
        subscriber.receive(subscription: first)
        subscriber.receive(subscription: second)
        #expect(first.calls == [.request(.unlimited)])
        #expect(second.calls == [.cancel])
    }
}
