import Foundation

// Runs the workloads side by side and prints the table; see `usage` below.

let usage = """
    usage: benchmarks [--repetitions N] [--divide-counts-by N] [--smoke] [--toolchain TEXT]
                      [--only TEXT] [--contender NAME]

      --repetitions N        time every variant N times, interleaved (default 5); quote medians
      --divide-counts-by N   run N times fewer values, for a quick look (default 1)
      --smoke                tiny counts, one repetition: only checks that all variants agree
      --toolchain TEXT       the compiler's version, printed under the table
      --only TEXT            run only the workloads whose name contains TEXT
      --contender NAME       run only MiniCombine, Tuned, OpenCombine, 'Same module' or
                             'Hand loop' (for a profiler such as valgrind --tool=callgrind)
    """

struct Options {
    var repetitions = 5
    var divisor = 1
    var isSmoke = false
    var toolchain: String?
    var only: String?
    var contender: Contender?

    init(arguments: [String]) throws(UsageError) {
        var remaining = arguments[...]
        func value(of flag: String) throws(UsageError) -> String {
            guard let value = remaining.popFirst() else {
                throw UsageError("\(flag) needs a value")
            }
            return value
        }
        func count(of flag: String) throws(UsageError) -> Int {
            let text = try value(of: flag)
            guard let count = Int(text), count > 0 else {
                throw UsageError(
                    "\(flag) needs a positive whole number, not '\(text)'")
            }
            return count
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--repetitions": repetitions = try count(of: argument)
            case "--divide-counts-by": divisor = try count(of: argument)
            case "--smoke": isSmoke = true
            case "--toolchain": toolchain = try value(of: argument)
            case "--only": only = try value(of: argument)
            case "--contender":
                let name = try value(of: argument)
                guard let named = Contender(rawValue: name) else {
                    throw UsageError("no contender is called '\(name)'")
                }
                contender = named
            case "--help", "-h": throw UsageError(nil)
            default: throw UsageError("unknown argument '\(argument)'")
            }
        }
        if isSmoke {
            repetitions = 1
            divisor = 10_000
        }
    }
}

struct UsageError: Error {
    var message: String?
    init(_ message: String?) { self.message = message }
}

let options: Options
do {
    options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    if let message = error.message {
        FileHandle.standardError.write(
            Data("benchmarks: \(message)\n\(usage)\n".utf8))
        exit(2)
    }
    print(usage)
    exit(0)
}

/// The workloads the options ask for, with every count divided by `divisor`.
func chosenWorkloads(divisor: Int) -> [Workload] {
    Workload.all(divisor: divisor).compactMap { workload -> Workload? in
        if let only = options.only, !workload.name.contains(only) { return nil }
        guard let contender = options.contender else { return workload }
        var chosen = workload
        chosen.variants = workload.variants.filter { $0.contender == contender }
        return chosen.variants.isEmpty ? nil : chosen
    }
}

// First a quick pass with tiny counts: every variant must give the same answer before any
// timing counts.
let checksums = Checksums(workloads: chosenWorkloads(divisor: 10_000))
if !checksums.allAgree {
    FileHandle.standardError.write(Data(checksums.report.utf8))
    exit(1)
}
if options.isSmoke {
    print(checksums.report, terminator: "")
    exit(0)
}

let workloads = chosenWorkloads(divisor: options.divisor)
let startLoad = Machine.loadAverage
var measurements = workloads.map { Measurement(workload: $0) }
for repetition in 0..<options.repetitions {
    for index in measurements.indices {
        let variants = measurements[index].workload.variants
        // Each repetition starts with a different contender, so none always runs first.
        var answer: Int?
        for offset in variants.indices {
            let (contender, run) = variants[
                (offset + repetition) % variants.count]
            let clock = ContinuousClock()
            var checksum = 0
            let duration = clock.measure { checksum = run() }
            precondition(
                answer == nil || answer == checksum,
                "\(contender) disagrees with the others")
            answer = checksum
            let nanoseconds =
                Double(duration.components.seconds) * 1e9
                + Double(duration.components.attoseconds) / 1e9
            measurements[index].nanosecondsPerElement[contender, default: []]
                .append(
                    nanoseconds / Double(measurements[index].workload.elements))
        }
    }
    FileHandle.standardError.write(
        Data(
            "repetition \(repetition + 1) of \(options.repetitions) done\n".utf8
        ))
}

let table = Table(
    measurements: measurements, repetitions: options.repetitions,
    divisor: options.divisor,
    machine: Machine.description, toolchain: options.toolchain,
    load: (startLoad, Machine.loadAverage))
print(table.text)
