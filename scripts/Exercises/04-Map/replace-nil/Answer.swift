extension Publisher {
    /// Replaces every `nil` value with `output`, and unwraps the others.
    ///
    /// It is a plain `map`: no new publisher type is needed, only a `where`
    /// clause saying that the values are optionals.
    public func replaceNil<Wrapped>(
        with output: Wrapped
    ) -> Publishers.Map<Self, Wrapped> where Output == Wrapped? {
        map { value in value ?? output }
    }
}
