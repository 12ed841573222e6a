extension Publisher {
    /// Writes a line for the subscription, each value and the completion
    /// that pass through, then passes them on unchanged.
    ///
    /// The lines read `prefix: receive subscription`,
    /// `prefix: receive value: 1`, `prefix: receive finished` and
    /// `prefix: receive failure: boom`. `write` receives each line; by
    /// default it prints it. Requests and cancellation are never written:
    /// they go from the subscriber straight to the upstream's subscription,
    /// which this operator passes down without looking inside.
    public func printEvents(
        _ prefix: String,
        to write: @escaping (String) -> Void = { line in print(line) }
    ) -> Publishers.PrintEvents<Self> {
        Publishers.PrintEvents(upstream: self, prefix: prefix, write: write)
    }
}

extension Publishers {
    /// A publisher that writes a line for every event coming down from its
    /// upstream, and passes the event on.
    public struct PrintEvents<Upstream: Publisher>: Publisher {
        /// The upstream's values pass through unchanged.
        public typealias Output = Upstream.Output

        /// The upstream's failure passes through unchanged.
        public typealias Failure = Upstream.Failure

        /// The publisher whose events are written.
        public let upstream: Upstream

        /// The text that starts every line.
        public let prefix: String

        /// Receives each line.
        public let write: (String) -> Void

        /// Creates a publisher that writes `upstream`'s events, each line
        /// starting with `prefix`, through `write`.
        public init(
            upstream: Upstream, prefix: String,
            write: @escaping (String) -> Void
        ) {
            self.upstream = upstream
            self.prefix = prefix
            self.write = write
        }

        /// Subscribes to the upstream through an `Inner` that writes each
        /// event before passing it on.
        public func receive<S: Subscriber>(subscriber: S)
        where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                Inner(downstream: subscriber, prefix: prefix, write: write))
        }
    }
}

extension Publishers.PrintEvents {
    /// The subscriber `PrintEvents` attaches to its upstream: it writes a
    /// line, then passes the event down, exactly like `Map`'s `Inner`
    /// passes a transformed value.
    private struct Inner<Downstream: Subscriber>: Subscriber
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        let downstream: Downstream
        let prefix: String
        let write: (String) -> Void

        func receive(subscription: any Subscription) {
            write("\(prefix): receive subscription")
            downstream.receive(subscription: subscription)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            write("\(prefix): receive value: \(input)")
            return downstream.receive(input)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            switch completion {
            case .finished:
                write("\(prefix): receive finished")
            case .failure(let error):
                write("\(prefix): receive failure: \(error)")
            }
            downstream.receive(completion: completion)
        }
    }
}
