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
        mutex.locked(body)
    }
}

extension Mutex where Value == Void {
    /// Runs `body` while holding the lock.
    ///
    /// For a `Mutex` stored in the object whose state it guards, so that the lock costs no
    /// allocation of its own, as a ``Lock`` would.
    @inlinable func locked<Result>(_ body: () -> Result) -> Result {
        #if TSAN
            withLock { _ in
                withUnsafePointer(to: self) { tsanAcquire($0) }
                defer { withUnsafePointer(to: self) { tsanRelease($0) } }
                return body()
            }
        #else
            withLock { _ in body() }
        #endif
    }
}

#if TSAN
    // On Linux, `Mutex` waits and wakes through the kernel in the standard library's own code,
    // which ThreadSanitizer does not instrument: a lock taken after waiting looks to it like no
    // lock at all. `scripts/conformance` builds these tests with `-D TSAN`, and these two calls
    // into ThreadSanitizer's runtime tell it what the lock does.
    @usableFromInline @_silgen_name("__tsan_acquire")
    func tsanAcquire(_ address: UnsafeRawPointer)

    @usableFromInline @_silgen_name("__tsan_release")
    func tsanRelease(_ address: UnsafeRawPointer)
#endif

/// A lock that the thread holding it may take again, as a subscriber that sends to its own
/// subject from inside `receive(_:)` does.
@usableFromInline final class RecursiveLock {
    @usableFromInline let mutex = Mutex<Void>(())
    @usableFromInline let owner = Atomic<UInt>(0)

    @inlinable init() {}

    /// Runs `body` while holding the lock, taking it only if this thread does not hold it yet.
    @inlinable func withLock<Result>(_ body: () -> Result) -> Result {
        let thread = Self.currentThread
        // Only the holder ever stores its own identity here, so no other thread can read it.
        if owner.load(ordering: .relaxed) == thread {
            return body()
        }
        return mutex.locked {
            owner.store(thread, ordering: .relaxed)
            defer { owner.store(0, ordering: .relaxed) }
            return body()
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
