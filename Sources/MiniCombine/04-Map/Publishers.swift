// snippet.publishers
/// A namespace for the publishers that operators return, such as ``Map``.
public enum Publishers {}
// snippet.end
