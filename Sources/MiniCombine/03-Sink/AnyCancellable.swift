// snippet.any-cancellable
import Foundation

/// A cancellable that cancels when the last reference to it goes away.
///
/// Cancelling runs the wrapped action once; later calls do nothing, also
/// when two threads cancel at the same time.
public final class AnyCancellable: Cancellable {
    // exercise.hide
    private let lock = NSLock()
    private var cancelAction: (() -> Void)?
    // exercise.end

    /// Creates a cancellable that runs `cancel` when cancelled or released.
    public init(_ cancel: @escaping () -> Void) {
        // exercise.blank: AnyCancellable.init(_:) with a closure
        cancelAction = cancel
        // exercise.end
    }

    /// Creates a cancellable that cancels `canceller` when cancelled or
    /// released.
    public init<C: Cancellable>(_ canceller: C) {
        // exercise.blank: AnyCancellable.init(_:) with a Cancellable
        cancelAction = canceller.cancel
        // exercise.end
    }

    deinit {
        // exercise.blank: AnyCancellable.deinit
        cancelAction?()
        // exercise.end
    }

    /// Runs the cancel action, the first time only.
    public func cancel() {
        // exercise.blank: AnyCancellable.cancel()
        let action = lock.withLock { cancelAction.take() }
        action?()
        // exercise.end
    }
}
// snippet.end

// snippet.any-cancellable-storing
extension AnyCancellable: Hashable {
    /// Two `AnyCancellable`s are equal only if they are the same object.
    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool {
        lhs === rhs
    }

    /// Hashes the object's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

extension AnyCancellable {
    /// Keeps this cancellable alive in `collection`, so it cancels when the
    /// collection lets go of it.
    public func store<C: RangeReplaceableCollection>(in collection: inout C)
    where C.Element == AnyCancellable {
        collection.append(self)
    }

    /// Keeps this cancellable alive in `set`, so it cancels when the set
    /// lets go of it.
    public func store(in set: inout Set<AnyCancellable>) {
        set.insert(self)
    }
}
// snippet.end
