import Foundation

/// What the measurements were taken on.
enum Machine {
    /// The processor's model name and the number of cores, such as `2 cores, Intel(R) Xeon(R) …`.
    static var description: String {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let cpuInfo =
            (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))
            ?? ""
        let model = cpuInfo.split(separator: "\n").first {
            $0.hasPrefix("model name")
        }
        .flatMap { $0.split(separator: ":", maxSplits: 1).last }
        .map { $0.trimmingCharacters(in: .whitespaces) }
        let system = ProcessInfo.processInfo.operatingSystemVersionString
        return "\(cores) cores, \(model ?? "unknown processor"), \(system)"
    }

    /// The one-minute load average: how many processes wanted a core, on average.
    static var loadAverage: Double? {
        let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)
        return text?.split(separator: " ").first.flatMap { Double($0) }
    }
}
