import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What an interrupted tool must undo: the child processes it started and the temporary files
/// it has not yet renamed or removed.
///
/// A child started with `Process` leads its own process
/// group, which a Ctrl-C at the terminal does not reach; ending the group ends it and its own.
package enum InterruptCleanup {
    private static let registry = Locked(
        (
            children: Set<Int32>(), files: Set<String>(),
            sources: [any DispatchSourceSignal]()
        ))

    /// Remembers a running child, whose process group is ended on an interrupt.
    package static func add(child pid: Int32) {
        registry.change { _ = $0.children.insert(pid) }
    }
    /// Forgets a child that has exited.
    package static func remove(child pid: Int32) {
        registry.change { _ = $0.children.remove(pid) }
    }
    /// Remembers a temporary file or folder, removed on an interrupt.
    package static func add(temporaryFile url: URL) {
        registry.change { _ = $0.files.insert(url.path) }
    }
    /// Forgets a temporary file that was renamed or removed.
    package static func remove(temporaryFile url: URL) {
        registry.change { _ = $0.files.remove(url.path) }
    }

    /// Removes the registered temporary files, those under `folder` if it is given.
    static func removeTemporaryFiles(under folder: URL? = nil) {
        let prefix = folder.map { $0.standardizedFileURL.path + "/" } ?? "/"
        let files = registry.change { state in
            let chosen = state.files.filter { $0.hasPrefix(prefix) }
            state.files.subtract(chosen)
            return chosen
        }
        for path in files {
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    static func isRunning(child pid: Int32) -> Bool {
        registry.change { $0.children.contains(pid) }
    }

    /// Ends `pid` and every process in its group, if it leads one.
    static func endProcessGroup(of pid: Int32) {
        kill(getpgid(pid) == pid ? -pid : pid, SIGKILL)
    }

    /// From now on, SIGINT, SIGTERM and SIGHUP end every registered child's process group and
    /// remove the temporary files, then end the tool with status 128 + the signal's number, as a
    /// shell reports an interrupted command.
    package static func installSignalHandlers() {
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(
                signal: number, queue: .global())
            source.setEventHandler {
                let children = registry.change { state in
                    defer { state.children = [] }
                    return state.children
                }
                children.forEach(endProcessGroup)
                removeTemporaryFiles()
                exit(128 + number)
            }
            source.resume()
            registry.change { $0.sources.append(source) }
        }
    }
}
