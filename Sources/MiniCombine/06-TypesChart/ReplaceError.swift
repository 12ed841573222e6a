// snippet.replace-error-operator
extension Publisher {
    /// Turns a failure into one last value, `output`, followed by `.finished`.
    ///
    /// Values and `.finished` pass through unchanged. The replacement counts
    /// as a value: if the failure arrives while the subscriber has no demand
    /// left, `output` waits for its next request.
    public func replaceError(with output: Output) -> Publishers.ReplaceError<Self> {
        // exercise.blank: replaceError(with:)
        Publishers.ReplaceError(upstream: self, output: output)
        // exercise.end
    }
}
// snippet.end

// snippet.replace-error
extension Publishers {
    /// A publisher that cannot fail: it replaces its upstream's failure with
    /// a value and finishes.
    ///
    /// Unlike `Map`, it hands its subscriber a subscription of its own, so it
    /// can count the demand passing through it.
    public struct ReplaceError<Upstream: Publisher>: Publisher {
        /// The upstream's values pass through unchanged.
        public typealias Output = Upstream.Output

        /// The failure is replaced, so none is left to send.
        public typealias Failure = Never

        /// The publisher whose failure is replaced.
        public let upstream: Upstream

        /// The value sent in place of the failure.
        public let output: Upstream.Output

        /// Creates a publisher that sends `output`, then finishes, when
        /// `upstream` fails.
        public init(upstream: Upstream, output: Upstream.Output) {
            self.upstream = upstream
            self.output = output
        }

        /// Subscribes to the upstream through an `Inner` that stands between
        /// the upstream and the subscriber.
        public func receive<S: Subscriber>(subscriber: S)
        where S.Input == Output, S.Failure == Never {
            // exercise.blank: Publishers.ReplaceError.receive(subscriber:)
            upstream.subscribe(Inner(output: output, downstream: subscriber))
            // exercise.end
        }
    }
}
// snippet.end

extension Publishers.ReplaceError: Equatable where Upstream: Equatable, Output: Equatable {}

// snippet.replace-error-inner
extension Publishers.ReplaceError {
    /// Subscriber to the upstream and subscription to the downstream at once:
    /// it keeps the downstream's outstanding demand, so it knows whether the
    /// replacement may go out as soon as the failure arrives.
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription
    where Downstream.Input == Output, Downstream.Failure == Never {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        // exercise.hide
        private enum State {
            case awaitingSubscription
            case subscribed(any Subscription)
            /// The upstream failed when no value was wanted. Its subscription
            /// is kept only so that `cancel()` still reaches it, as in Combine.
            case replacementAwaitingDemand(any Subscription)
            case terminated
        }

        private let output: Output
        private let downstream: Downstream
        private var state = State.awaitingSubscription
        private var demand = Subscribers.Demand.none
        // exercise.end

        init(output: Output, downstream: Downstream) {
            // exercise.blank: ReplaceError's Inner, init(output:downstream:)
            self.output = output
            self.downstream = downstream
            // exercise.end
        }

        func receive(subscription: any Subscription) {
            // exercise.blank: ReplaceError's Inner, receive(subscription:)
            guard case .awaitingSubscription = state else {
                subscription.cancel()
                return
            }
            state = .subscribed(subscription)
            downstream.receive(subscription: self)
            // exercise.end
        }

        func receive(_ input: Upstream.Output) -> Subscribers.Demand {
            // exercise.blank: ReplaceError's Inner, receive(_:)
            guard case .subscribed = state else { return .none }
            // A value nobody asked for takes the demand below zero and traps.
            demand -= 1
            let additionalDemand = downstream.receive(input)
            demand += additionalDemand
            return additionalDemand
            // exercise.end
        }

        func receive(completion: Subscribers.Completion<Upstream.Failure>) {
            // exercise.blank: ReplaceError's Inner, receive(completion:)
            guard case .subscribed(let subscription) = state else { return }
            switch completion {
            case .finished:
                state = .terminated
                downstream.receive(completion: .finished)
            case .failure where demand == .none:
                state = .replacementAwaitingDemand(subscription)
            case .failure:
                sendReplacement()
            }
            // exercise.end
        }

        func request(_ demand: Subscribers.Demand) {
            // exercise.blank: ReplaceError's Inner, request(_:)
            precondition(demand > 0, "API Violation: demand must not be zero")
            switch state {
            case .awaitingSubscription:
                self.demand += demand
            case .subscribed(let subscription):
                self.demand += demand
                subscription.request(demand)
            case .replacementAwaitingDemand:
                sendReplacement()
            case .terminated:
                break
            }
            // exercise.end
        }

        func cancel() {
            // exercise.blank: ReplaceError's Inner, cancel()
            switch state {
            case .subscribed(let subscription), .replacementAwaitingDemand(let subscription):
                state = .terminated
                subscription.cancel()
            case .awaitingSubscription, .terminated:
                break
            }
            // exercise.end
        }

        // exercise.hide
        private func sendReplacement() {
            state = .terminated
            _ = downstream.receive(output)
            downstream.receive(completion: .finished)
        }
        // exercise.end
    }
}
// snippet.end
