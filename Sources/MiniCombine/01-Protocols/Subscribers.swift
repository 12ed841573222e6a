// snippet.subscribers
/// A namespace for subscriber types and the values subscribers deal in,
/// such as ``Demand`` and ``Completion``.
public enum Subscribers {}
// snippet.end
