// snippet.try-map
extension Publisher {
    /// Transforms every value with a closure that can throw.
    ///
    /// If `transform` throws, the stream ends there: `tryMap` cancels its
    /// upstream and sends the error downstream as a failure. Because any
    /// error can be thrown, the failure type becomes `any Error`.
    public func tryMap<T>(
        _ transform: @escaping (Output) throws -> T
    ) -> Publishers.TryMap<Self, T> {
        Publishers.TryMap(upstream: self, transform: transform)
    }
}

extension Publishers {
    /// A publisher that transforms every value with a throwing closure, and
    /// fails with the first error it throws.
    public struct TryMap<Upstream: Publisher, Output>: Publisher {
        /// `TryMap` fails with whatever its transform throws, or with its
        /// upstream's failure.
        public typealias Failure = any Error

        /// The publisher whose values are transformed.
        public let upstream: Upstream

        /// The transform; throwing ends the stream.
        public let transform: (Upstream.Output) throws -> Output

        /// Creates a publisher that applies `transform` to each value of
        /// `upstream`, failing with the first error it throws.
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Subscribes to the upstream through an inner object that applies
        /// the transform, ends the stream on an error, and stands as the
        /// subscriber's subscription.
        public func receive<S: Subscriber>(subscriber: S)
        where S.Input == Output, S.Failure == any Error {
            let transform = self.transform
            let inner = JudgingInner<S, Upstream.Output, Upstream.Failure>(
                downstream: subscriber,
                judge: { value in
                    do {
                        return .send(try transform(value))
                    } catch {
                        return .fail(error)
                    }
                },
                convertFailure: { failure in failure }
            )
            upstream.subscribe(inner)
        }
    }
}
// snippet.end
