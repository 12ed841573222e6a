extension Publishers.Map {
    /// Maps the values of a `Map` once more, by composing the two transforms
    /// into one `Map` instead of wrapping this one in another.
    ///
    /// `Just(1).map(f).map(g)` is then a `Map<Just<Int>, …>` that applies
    /// `f`, then `g`: one publisher and one `Inner` between the source and
    /// the subscriber, whatever the number of maps. Swift picks this method
    /// over `Publisher`'s `map` because it belongs to the more specific type.
    public func map<T>(_ transform: @escaping (Output) -> T)
        -> Publishers.Map<Upstream, T>
    {
        let first = self.transform
        return Publishers.Map(upstream: upstream) { value in
            transform(first(value))
        }
    }
}
