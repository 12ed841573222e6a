// Runs the conformance suite's probes and randomized pipelines against MiniCombine and
// OpenCombine, and compares the traces. Usage: conformance [--seed N] [--count N] [--verbose]
import ConformanceKit
import Foundation
import Probes
import ProbesOpenCombine

let options: Options
do {
    options = try Options(CommandLine.arguments.dropFirst())
} catch {
    print("conformance: \(error)")
    print("usage: conformance [--seed N] [--count N] [--verbose]")
    exit(2)
}

var report = Report()
let mini = Probes.library
let open = ProbesOpenCombine.library

report.section("Harness self-checks: the comparison can fail")
for check in harnessChecks(mini) {
    report.add(check)
}

report.section("Probes: \(mini.name) against \(open.name) 0.14.0")
for (ours, theirs) in zip(mini.probes, open.probes) {
    report.add(compare(ours, theirs, verbose: options.verbose))
}

report.section(
    "Randomized pipelines: seed \(options.seed), \(options.count) pipelines")
report.add(
    compareRandomPipelines(
        seed: options.seed, count: options.count, mini: mini, open: open))

print()
print("\(report.passed) passed, \(report.failed) failed")
exit(report.failed == 0 ? 0 : 1)
