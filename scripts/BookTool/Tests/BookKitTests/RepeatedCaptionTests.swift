import Foundation
import Testing

@testable import BookKit

/// A page with two temporary blocks for one file, each stubbing a method that a later
/// listing of the page replaces: the second block's caption does not repeat the first's.
@Suite struct RepeatedCaptionTests {
    static let boxPath = CheckpointFixture.boxPath
    static let mainPath = CheckpointFixture.mainPath

    /// The same Box.swift and program as the one-block page of ``ReplacedStubTests``.
    static let box = ReplacedStubTests.box
    static let main = ReplacedStubTests.main

    static func page(secondCaption: String) -> String {
        CheckpointFixture.page([
            CheckpointFixture.boxListing,
            CheckpointFixture.temporary(
                CheckpointFixture.method("open", returning: "stub")),
            CheckpointFixture.temporary(
                CheckpointFixture.method("close", returning: "stub")
            ).replacingOccurrences(
                of: "*For now, add to \(boxPath); a later listing replaces it*",
                with: secondCaption),
            CheckpointFixture.include(
                mainPath, "first", "print(Box().open(), Box().close())\n",
                adds: false),
            CheckpointFixture.checkpoint("stub stub\n"),
            CheckpointFixture.include(
                boxPath, "box-open", CheckpointFixture.method("open"),
                replacing: "open()"),
            CheckpointFixture.include(
                boxPath, "box-close", CheckpointFixture.method("close"),
                replacing: "close()"),
            CheckpointFixture.output("open close\n"),
        ])
    }

    static let fullCaption =
        "*For now, add to \(boxPath); a later listing replaces it*"
    static let shortCaption = "*For now, add to \(boxPath); replaced as above*"

    static func evidence(for page: String) -> Evidence {
        var evidence = CheckpointFixture.evidence(
            for: [page], run: "open close\n",
            checkpoints: [.ran(.success("stub stub\n"))],
            replacement: CheckpointFixture.redeclaration(
                of: "open()", at: 22, original: 11))
        evidence.replacementMessages[
            CheckpointFixture.id("<!-- temporary:", 2, in: page)] =
            CheckpointFixture.redeclaration(
                of: "close()", at: 22, original: 17)
        return evidence
    }

    @Test func syncShortensTheSecondCaptionForTheSameFile() throws {
        let page = Self.page(secondCaption: Self.fullCaption)
        let fixture = try CheckpointFixture.repository(
            [Self.boxPath: Self.box, Self.mainPath: Self.main], page: page)
        let report = fixture.sync(Self.evidence(for: page))
        let synced = try fixture.contents(of: CheckpointFixture.pagePath)
        #expect(report.diagnostics.filter { $0.kind == .error }.isEmpty)
        #expect(
            synced.components(separatedBy: "\n").filter {
                $0.hasPrefix("*For now")
            } == [Self.fullCaption, Self.shortCaption])
    }

    @Test func aPageWithTheShortSecondCaptionChecksClean() throws {
        let page = Self.page(secondCaption: Self.shortCaption)
        let fixture = try CheckpointFixture.repository(
            [Self.boxPath: Self.box, Self.mainPath: Self.main], page: page)
        #expect(
            fixture.check(Self.evidence(for: page)).diagnostics.map(
                \.description) == [])
    }
}
