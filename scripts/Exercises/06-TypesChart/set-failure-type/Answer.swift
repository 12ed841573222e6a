extension Publisher where Failure == Never {
    /// Gives a publisher that cannot fail the failure type `failureType`,
    /// so that it can be joined to publishers and subscribers that can.
    ///
    /// Nothing changes at run time: the values and `.finished` pass through
    /// as they are. Only the second type of the pair changes.
    public func setFailureType<NewFailure: Error>(
        to failureType: NewFailure.Type
    ) -> Publishers.SetFailureType<Self, NewFailure> {
        Publishers.SetFailureType(upstream: self)
    }
}

extension Publishers {
    /// A publisher that sends its upstream's values unchanged, under a
    /// failure type the upstream never uses.
    public struct SetFailureType<Upstream: Publisher, Failure: Error>: Publisher
    where Upstream.Failure == Never {
        /// The upstream's values pass through unchanged.
        public typealias Output = Upstream.Output

        /// The publisher that cannot fail.
        public let upstream: Upstream

        /// Creates a publisher that sends `upstream`'s values with the
        /// failure type `Failure`.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Subscribes to the upstream through an `Inner` that only changes
        /// the completion's type.
        public func receive<S: Subscriber>(subscriber: S)
        where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber))
        }
    }
}

extension Publishers.SetFailureType {
    /// Passes everything straight through, as `Map`'s `Inner` does.
    private struct Inner<Downstream: Subscriber>: Subscriber
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Upstream.Output
        typealias Failure = Never

        let downstream: Downstream

        func receive(subscription: any Subscription) {
            downstream.receive(subscription: subscription)
        }

        func receive(_ input: Upstream.Output) -> Subscribers.Demand {
            downstream.receive(input)
        }

        func receive(completion: Subscribers.Completion<Never>) {
            // A `Completion<Never>` can only be `.finished`: no `Never`
            // value exists to fail with.
            downstream.receive(completion: .finished)
        }
    }
}

extension Publishers.SetFailureType: TypesCharting
where Upstream: TypesCharting {
    /// The upstream's stages, then `setFailureType`.
    public var chartStages: [PipelineStage] {
        upstream.chartStages + [
            PipelineStage(name: "setFailureType", of: Self.self)
        ]
    }
}
