import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A lock around state stored elsewhere, built on the standard library's `Mutex`.
///
/// `Mutex` takes and releases an uncontended lock with one atomic instruction each, where
/// Foundation's `NSLock` goes through a class, a condition object and `pthread_mutex_lock`.
@usableFromInline final class Lock {
    @usableFromInline let mutex = Mutex<Void>(())

    @inlinable init() {}

    /// Runs `body` while holding the lock.
    @inlinable func withLock<Result>(_ body: () -> Result) -> Result {
        mutex.withLock { _ in body() }
    }
}

/// A lock that the thread holding it may take again, as a subscriber that sends to its own
/// subject from inside `receive(_:)` does.
@usableFromInline final class RecursiveLock {
    @usableFromInline let mutex = Mutex<Void>(())
    @usableFromInline let owner = Atomic<UInt>(0)

    @inlinable init() {}

    /// Runs `body` while holding the lock, taking it only if this thread does not hold it yet.
    @inlinable func withLock(_ body: () -> Void) {
        let thread = Self.currentThread
        // Only the holder ever stores its own identity here, so no other thread can read it.
        if owner.load(ordering: .relaxed) == thread {
            return body()
        }
        mutex.withLock { _ in
            owner.store(thread, ordering: .relaxed)
            body()
            owner.store(0, ordering: .relaxed)
        }
    }

    @inlinable static var currentThread: UInt {
        #if canImport(Darwin)
            UInt(bitPattern: pthread_self())
        #else
            UInt(pthread_self())
        #endif
    }
}
