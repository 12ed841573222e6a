// Programming errors that stop the program, compared as "both trap" (or, where neither library
// checks, "neither traps"): each case runs in a child process, once per library.
import ConformanceKit
import Testing

@testable import Probes
@testable import ProbesOpenCombine

@Suite("Traps: the same programming errors stop both libraries")
struct TrapTests {
    @Test("request(.none) on Just's subscription traps in both")
    func requestNoneOnJust() async {
        await #expect(processExitsWith: .failure) { Probes.requestNoneOnJust() }
        await #expect(processExitsWith: .failure) {
            ProbesOpenCombine.requestNoneOnJust()
        }
    }

    @Test("request(.none) on a subject's subscription traps in both")
    func requestNoneOnSubject() async {
        await #expect(processExitsWith: .failure) {
            Probes.requestNoneOnSubject()
        }
        await #expect(processExitsWith: .failure) {
            ProbesOpenCombine.requestNoneOnSubject()
        }
    }

    @Test("request(.none) on replaceError's subscription traps in both")
    func requestNoneOnReplaceError() async {
        await #expect(processExitsWith: .failure) {
            Probes.requestNoneOnReplaceError()
        }
        await #expect(processExitsWith: .failure) {
            ProbesOpenCombine.requestNoneOnReplaceError()
        }
    }

    @Test(
        "request(.none) on a sequence's subscription: neither library checks it"
    )
    func requestNoneOnSequence() async {
        await #expect(processExitsWith: .success) {
            Probes.requestNoneOnSequence()
        }
        await #expect(processExitsWith: .success) {
            ProbesOpenCombine.requestNoneOnSequence()
        }
    }

    @Test("a negative demand, .max(-1), traps in both")
    func negativeDemand() async {
        await #expect(processExitsWith: .failure) {
            Probes.makeNegativeDemand()
        }
        await #expect(processExitsWith: .failure) {
            ProbesOpenCombine.makeNegativeDemand()
        }
    }

    @Test("a demand that would go below zero traps in both")
    func demandBelowZero() async {
        await #expect(processExitsWith: .failure) { Probes.subtractBelowZero() }
        await #expect(processExitsWith: .failure) {
            ProbesOpenCombine.subtractBelowZero()
        }
    }
}

@Suite("The harness can fail")
struct HarnessTests {
    @Test("an altered trace is reported where it was altered")
    func alteredTrace() throws {
        let trace = Probes.library.probes[0].trace()
        var altered = trace
        altered[1] = "something else"
        let mismatch = try #require(
            TraceMismatch.between(
                trace, altered, names: (left: "real", right: "altered")))
        #expect(mismatch.index == 1)
    }

    @Test("the two libraries give the same probes, in the same order")
    func sameProbes() {
        #expect(
            Probes.library.probes.map(\.name)
                == ProbesOpenCombine.library.probes.map(\.name))
    }
}
