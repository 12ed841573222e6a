import Testing

@testable import site_tool

@Suite struct PageConverterTests {
    @Test func noteKeepsOneLabelAndBecomesANamedAside() {
        #expect(
            PageConverter.singleNoteLabel(
                "> **Note: where the original post differs.**")
                == "> Where the original post differs:")
        #expect(
            PageConverter.singleNoteLabel("> An ordinary quote.")
                == "> An ordinary quote.")
    }

    @Test func headingLosesItsBackticksBecauseDocCWouldShowThem() {
        #expect(
            PageConverter.headingWithoutCodeSpans(
                (2, "Ending early: `tryMap`")) == "## Ending early: tryMap")
    }

    @Test func spanInASentenceAboutOpenCombineOrCombineIsTheirs() {
        #expect(
            PageConverter.isAboutAnotherLibrary(
                before: "First. OpenCombine's ", after: " sends them again."))
        #expect(
            PageConverter.isAboutAnotherLibrary(
                before: "As in Combine, ", after: " finishes."))
        #expect(
            !PageConverter.isAboutAnotherLibrary(
                before: "MiniCombine keeps it simple. Our ",
                after: " sends once."))
    }

    @Test func itsAndTheirPointBackToTheSentenceThatNamesTheOwner() {
        let before =
            "OpenCombine takes locks where we do not. "
            + "Its sequence subscription locks around every value. Its "
        #expect(
            PageConverter.isAboutAnotherLibrary(
                before: before, after: " locks too."))
        #expect(
            !PageConverter.isAboutAnotherLibrary(
                before: "Our sink is small. Its ", after: " holds two closures."
            ))
    }

    @Test func aDotInsideACodeNameDoesNotEndTheSentence() {
        #expect(
            PageConverter.isAboutAnotherLibrary(
                before: "OpenCombine returns `Subscribers.Demand`s and its ",
                after: " too."))
    }
}
