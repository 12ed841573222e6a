extension TypesCharting {
    /// The chart of this pipeline, ending in a subscriber of type `S`,
    /// shown as `name` followed by its input and failure types.
    ///
    /// The `where` clause accepts only a subscriber that could attach to
    /// this pipeline, so the last line always shows the same two types as
    /// the last stage's arrow.
    public func typesChart<S: Subscriber>(
        endingIn _: S.Type,
        named name: String
    ) -> TypesChart where S.Input == Output, S.Failure == Failure {
        let input = String(describing: S.Input.self)
        let failure = String(describing: S.Failure.self)
        return TypesChart(
            stages: chartStages, subscriber: "\(name) <\(input), \(failure)>")
    }
}
