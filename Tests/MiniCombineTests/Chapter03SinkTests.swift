import MiniCombine
import Testing

/// Chapter 3: `Subscribers.Sink`, the `sink` conveniences, and
/// `AnyCancellable`.
@Suite struct Chapter03SinkTests {
    /// A sink whose closures append what they receive to `trace`.
    private func recordingSink<Input, Failure>(
        into trace: Trace<Event<Input, Failure>>
    ) -> Subscribers.Sink<Input, Failure> {
        Subscribers.Sink(
            receiveCompletion: { trace.append(.completion($0)) },
            receiveValue: { trace.append(.value($0)) }
        )
    }

    // MARK: - Sink

    @Test func sinkRequestsUnlimitedOnSubscription() {
        let sink = recordingSink(into: Trace<Event<Int, Never>>())
        let subscription = SpySubscription()
        sink.receive(subscription: subscription)
        #expect(subscription.calls == [.request(.unlimited)])
    }

    @Test func sinkReturnsNoneFromEveryValue() {
        let trace = Trace<Event<Int, Never>>()
        let sink = recordingSink(into: trace)
        sink.receive(subscription: SpySubscription())
        #expect(sink.receive(1) == .none)
        #expect(sink.receive(2) == .none)
        #expect(trace.entries == [.value(1), .value(2)])
    }

    @Test func sinkPassesTheCompletionToItsClosure() {
        let trace = Trace<Event<Int, TestError>>()
        let sink = recordingSink(into: trace)
        sink.receive(subscription: SpySubscription())
        _ = sink.receive(1)
        sink.receive(completion: .failure(.boom))
        #expect(trace.entries == [.value(1), .completion(.failure(.boom))])
    }

    @Test func sinkCancelsASecondSubscription() {
        let sink = recordingSink(into: Trace<Event<Int, Never>>())
        let first = SpySubscription()
        let second = SpySubscription()
        sink.receive(subscription: first)
        sink.receive(subscription: second)
        #expect(first.calls == [.request(.unlimited)])
        #expect(second.calls == [.cancel])
    }

    @Test func sinkCancelsASubscriptionArrivingAfterCompletion() {
        let sink = recordingSink(into: Trace<Event<Int, Never>>())
        sink.receive(subscription: SpySubscription())
        sink.receive(completion: .finished)
        let late = SpySubscription()
        sink.receive(subscription: late)
        #expect(late.calls == [.cancel])
    }

    @Test func sinkCancelledEarlyAcceptsALaterSubscriptionButDeliversNothing() {
        let trace = Trace<Event<Int, Never>>()
        let sink = recordingSink(into: trace)
        sink.cancel()
        let late = SpySubscription()
        sink.receive(subscription: late)
        #expect(late.calls == [.request(.unlimited)])
        #expect(sink.receive(1) == .none)
        sink.receive(completion: .finished)
        #expect(trace.entries.isEmpty)
    }

    @Test func sinkCancelledIgnoresWhatItsSubscriptionSendsWhileCancelling() {
        let trace = Trace<Event<Int, Never>>()
        let sink = recordingSink(into: trace)
        let subscription = CallbackSubscription(onCancel: {
            #expect(sink.receive(1) == .none)
            sink.receive(completion: .finished)
        })
        sink.receive(subscription: subscription)
        sink.cancel()
        #expect(subscription.calls == [.request(.unlimited), .cancel])
        #expect(trace.entries.isEmpty)
    }

    @Test func sinkCancelCancelsTheSubscriptionOnce() {
        let sink = recordingSink(into: Trace<Event<Int, Never>>())
        let subscription = SpySubscription()
        sink.receive(subscription: subscription)
        sink.cancel()
        sink.cancel()
        #expect(subscription.calls == [.request(.unlimited), .cancel])
    }

    @Test func sinkCancelAfterCompletionDoesNotCancel() {
        let sink = recordingSink(into: Trace<Event<Int, Never>>())
        let subscription = SpySubscription()
        sink.receive(subscription: subscription)
        sink.receive(completion: .finished)
        sink.cancel()
        #expect(subscription.calls == [.request(.unlimited)])
    }

    @Test func sinkIgnoresValuesAfterCancel() {
        let trace = Trace<Event<Int, Never>>()
        let sink = recordingSink(into: trace)
        sink.receive(subscription: SpySubscription())
        _ = sink.receive(1)
        sink.cancel()
        #expect(sink.receive(2) == .none)
        sink.receive(completion: .finished)
        #expect(trace.entries == [.value(1)])
    }

    @Test func sinkIgnoresEverythingAfterCompletion() {
        let trace = Trace<Event<Int, Never>>()
        let sink = recordingSink(into: trace)
        sink.receive(subscription: SpySubscription())
        sink.receive(completion: .finished)
        _ = sink.receive(1)
        sink.receive(completion: .finished)
        #expect(trace.entries == [.completion(.finished)])
    }

    @Test func sinkReleasesItsSubscriptionOnCompletion() throws {
        let sink = recordingSink(into: Trace<Event<Int, Never>>())
        var subscription: SpySubscription? = SpySubscription()
        weak let weakSubscription = subscription
        sink.receive(subscription: try #require(subscription))
        subscription = nil
        #expect(weakSubscription != nil)

        sink.receive(completion: .finished)
        #expect(weakSubscription == nil)
    }

    @Test func sinkReleasesItsSubscriptionOnCancel() throws {
        let sink = recordingSink(into: Trace<Event<Int, Never>>())
        var subscription: SpySubscription? = SpySubscription()
        weak let weakSubscription = subscription
        sink.receive(subscription: try #require(subscription))
        subscription = nil
        #expect(weakSubscription != nil)

        sink.cancel()
        #expect(weakSubscription == nil)
    }

    @Test func sinkReleasesItsClosuresOnCancel() {
        var token: Token? = Token()
        weak let weakToken = token
        let sink = Subscribers.Sink<Int, Never>(
            receiveCompletion: { [token] _ in withExtendedLifetime(token) {} },
            receiveValue: { [token] _ in withExtendedLifetime(token) {} }
        )
        token = nil
        sink.receive(subscription: SpySubscription())
        #expect(weakToken != nil)

        sink.cancel()
        #expect(weakToken == nil)
    }

    @Test func sinkReleasesItsClosuresOnCompletion() {
        var token: Token? = Token()
        weak let weakToken = token
        let sink = Subscribers.Sink<Int, Never>(
            receiveCompletion: { [token] _ in withExtendedLifetime(token) {} },
            receiveValue: { [token] _ in withExtendedLifetime(token) {} }
        )
        token = nil
        sink.receive(subscription: SpySubscription())
        #expect(weakToken != nil)

        sink.receive(completion: .finished)
        #expect(weakToken == nil)
    }

    @Test func sinkCanBeCancelledFromInsideItsValueClosure() {
        let trace = Trace<Event<Int, Never>>()
        let subscription = SpySubscription()
        var sink: Subscribers.Sink<Int, Never>?
        sink = Subscribers.Sink(
            receiveCompletion: { trace.append(.completion($0)) },
            receiveValue: { value in
                trace.append(.value(value))
                sink?.cancel()
            }
        )
        sink?.receive(subscription: subscription)
        _ = sink?.receive(1)
        _ = sink?.receive(2)
        #expect(trace.entries == [.value(1)])
        #expect(subscription.calls == [.request(.unlimited), .cancel])
        sink = nil
    }

    // MARK: - sink(...)

    @Test func sinkOnJustDeliversValueThenCompletion() {
        let trace = Trace<Event<Int, Never>>()
        let cancellable = Just(42).sink(
            receiveCompletion: { trace.append(.completion($0)) },
            receiveValue: { trace.append(.value($0)) }
        )
        #expect(trace.entries == [.value(42), .completion(.finished)])
        withExtendedLifetime(cancellable) {}
    }

    @Test func sinkReceiveValueOnlyOverloadWorksForNeverFailure() {
        let trace = Trace<String>()
        let cancellable = Just("only").sink { trace.append($0) }
        #expect(trace.entries == ["only"])
        withExtendedLifetime(cancellable) {}
    }

    @Test func sinkSubscribesOnceAndRequestsUnlimited() {
        let publisher = ManualPublisher<Int, Never>()
        let cancellable = publisher.sink { _ in }
        #expect(publisher.subscribeCount == 1)
        #expect(publisher.subscription.calls == [.request(.unlimited)])
        withExtendedLifetime(cancellable) {}
    }

    @Test func droppingTheSinksCancellableCancelsTheSubscription() {
        let publisher = ManualPublisher<Int, Never>()
        let trace = Trace<Int>()
        var cancellable: AnyCancellable? = publisher.sink { trace.append($0) }
        publisher.send(1)
        withExtendedLifetime(cancellable) {
            #expect(publisher.subscription.calls == [.request(.unlimited)])
        }

        cancellable = nil
        publisher.send(2)
        #expect(
            publisher.subscription.calls == [.request(.unlimited), .cancel])
        #expect(trace.entries == [1])
    }

    // MARK: - AnyCancellable

    @Test func droppingTheAnyCancellableCancels() {
        let trace = Trace<String>()
        var cancellable: AnyCancellable? = AnyCancellable {
            trace.append("cancel")
        }
        withExtendedLifetime(cancellable) {
            #expect(trace.entries == [])
        }

        cancellable = nil
        #expect(trace.entries == ["cancel"])
    }

    @Test func anyCancellableCancelsOnlyOnce() {
        let trace = Trace<String>()
        var cancellable: AnyCancellable? = AnyCancellable {
            trace.append("cancel")
        }
        cancellable?.cancel()
        cancellable?.cancel()
        #expect(trace.entries == ["cancel"])

        cancellable = nil
        #expect(trace.entries == ["cancel"])
    }

    @Test func anyCancellableForwardsToAWrappedCancellable() {
        let subscription = SpySubscription()
        var cancellable: AnyCancellable? = AnyCancellable(subscription)
        cancellable?.cancel()
        #expect(subscription.calls == [.cancel])

        cancellable = nil
        #expect(subscription.calls == [.cancel])
    }

    @Test func anyCancellableCancelledFromItsOwnActionRunsItOnce() {
        let trace = Trace<String>()
        var cancellable: AnyCancellable?
        cancellable = AnyCancellable {
            trace.append("cancel")
            // Re-enter once only, so a regression shows as a second entry
            // rather than endless recursion.
            if trace.entries.count == 1 { cancellable?.cancel() }
        }
        cancellable?.cancel()
        #expect(trace.entries == ["cancel"])
        cancellable = nil
        #expect(trace.entries == ["cancel"])
    }

    @Test func storeInSetKeepsItAlive() {
        let trace = Trace<String>()
        var cancellables = Set<AnyCancellable>()
        AnyCancellable { trace.append("first") }.store(in: &cancellables)
        AnyCancellable { trace.append("second") }.store(in: &cancellables)
        #expect(cancellables.count == 2)
        #expect(trace.entries == [])

        cancellables.removeAll()
        #expect(trace.entries.sorted() == ["first", "second"])
    }

    @Test func storeInArrayKeepsItAlive() {
        let trace = Trace<String>()
        var cancellables: [AnyCancellable] = []
        AnyCancellable { trace.append("first") }.store(in: &cancellables)
        AnyCancellable { trace.append("second") }.store(in: &cancellables)
        #expect(cancellables.count == 2)
        #expect(trace.entries == [])

        cancellables.removeAll()
        #expect(trace.entries == ["first", "second"])
    }

    @Test func sinkStoredInASetKeepsReceivingValues() {
        let publisher = ManualPublisher<Int, Never>()
        let trace = Trace<Int>()
        var cancellables = Set<AnyCancellable>()
        publisher.sink { trace.append($0) }.store(in: &cancellables)
        publisher.send(1)
        publisher.send(2)
        #expect(trace.entries == [1, 2])
        #expect(publisher.subscription.calls == [.request(.unlimited)])

        cancellables.removeAll()
        #expect(
            publisher.subscription.calls == [.request(.unlimited), .cancel])
    }

    @Test func anyCancellablesAreEqualOnlyToThemselves() {
        let first = AnyCancellable {}
        let second = AnyCancellable {}
        let sameAction = AnyCancellable(first)
        #expect(first != second)
        #expect(first != sameAction)
        #expect(Set([first, first, second, sameAction]).count == 3)
    }
}
