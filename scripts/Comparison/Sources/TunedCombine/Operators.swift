extension Publisher {
    /// Sends each value through `transform`.
    @inlinable public func map<T>(_ transform: @escaping (Output) -> T)
        -> Publishers.Map<Self, T>
    {
        Publishers.Map(upstream: self, transform: transform)
    }

    /// Sends on only the values for which `isIncluded` is true.
    @inlinable public func filter(_ isIncluded: @escaping (Output) -> Bool)
        -> Publishers.Filter<Self>
    {
        Publishers.Filter(upstream: self, isIncluded: isIncluded)
    }
}

extension Publishers {
    /// The publisher `map(_:)` returns.
    public struct Map<Upstream: Publisher, Output>: Publisher {
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure
        /// The publisher whose values are transformed.
        public let upstream: Upstream
        /// The transformation.
        public let transform: (Upstream.Output) -> Output

        /// Creates the publisher.
        @inlinable public init(
            upstream: Upstream, transform: @escaping (Upstream.Output) -> Output
        ) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Subscribes an `Inner` that transforms each value for `subscriber`.
        @inlinable public func receive<S: Subscriber>(subscriber: S)
        where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                Inner(downstream: subscriber, transform: transform))
        }

        @usableFromInline struct Inner<Downstream: Subscriber>: Subscriber
        where Downstream.Input == Output, Downstream.Failure == Upstream.Failure
        {
            @usableFromInline typealias Input = Upstream.Output
            @usableFromInline typealias Failure = Upstream.Failure
            @usableFromInline let downstream: Downstream
            @usableFromInline let transform: (Upstream.Output) -> Output

            @inlinable init(
                downstream: Downstream, transform: @escaping (Input) -> Output
            ) {
                self.downstream = downstream
                self.transform = transform
            }

            @inlinable func receive(subscription: any Subscription) {
                downstream.receive(subscription: subscription)
            }

            @inlinable func receive(_ input: Input) -> Subscribers.Demand {
                downstream.receive(transform(input))
            }

            @inlinable func receive(completion: Subscribers.Completion<Failure>)
            {
                downstream.receive(completion: completion)
            }
        }
    }

    /// The publisher `filter(_:)` returns.
    public struct Filter<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure
        /// The publisher whose values are filtered.
        public let upstream: Upstream
        /// The test a value must pass.
        public let isIncluded: (Upstream.Output) -> Bool

        /// Creates the publisher.
        @inlinable public init(
            upstream: Upstream, isIncluded: @escaping (Output) -> Bool
        ) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

        /// Subscribes an `Inner` that drops, for `subscriber`, the values that fail the test.
        @inlinable public func receive<S: Subscriber>(subscriber: S)
        where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                Inner(downstream: subscriber, isIncluded: isIncluded))
        }

        // Its own Inner, where the book reuses `DroppingInner` with a closure around
        // `isIncluded`: one closure call per value instead of two.
        @usableFromInline struct Inner<Downstream: Subscriber>: Subscriber
        where Downstream.Input == Output, Downstream.Failure == Failure {
            @usableFromInline typealias Input = Output
            @usableFromInline let downstream: Downstream
            @usableFromInline let isIncluded: (Output) -> Bool

            @inlinable init(
                downstream: Downstream, isIncluded: @escaping (Output) -> Bool
            ) {
                self.downstream = downstream
                self.isIncluded = isIncluded
            }

            @inlinable func receive(subscription: any Subscription) {
                downstream.receive(subscription: subscription)
            }

            @inlinable func receive(_ input: Output) -> Subscribers.Demand {
                isIncluded(input) ? downstream.receive(input) : .max(1)
            }

            @inlinable func receive(completion: Subscribers.Completion<Failure>)
            {
                downstream.receive(completion: completion)
            }
        }
    }
}

extension Publishers.Map {
    /// Fuses two maps into one, as Combine does: one `Inner` and one closure call fewer.
    @inlinable public func map<T>(_ transform: @escaping (Output) -> T)
        -> Publishers.Map<Upstream, T>
    {
        let first = self.transform
        return Publishers.Map(upstream: upstream) { transform(first($0)) }
    }
}

extension Publishers.Filter {
    /// Fuses two filters into one, as Combine does.
    @inlinable public func filter(_ isIncluded: @escaping (Output) -> Bool)
        -> Publishers.Filter<Upstream>
    {
        let first = self.isIncluded
        return Publishers.Filter(upstream: upstream) {
            first($0) && isIncluded($0)
        }
    }
}
