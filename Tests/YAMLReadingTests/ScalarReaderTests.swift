import Testing
import YAMLReading
import Yams

/// The value of `key` in a one-level YAML map, as composed, for feeding a single reader.
func node(_ yaml: String, _ key: String = "value") throws -> Node {
    let root = try #require(try Yams.compose(yaml: yaml))
    return try #require(root.mapping?[key])
}

/// `line:column: message` for each diagnostic a reader recorded, in order.
func messages(_ reader: YAMLNodeReader) -> [String] {
    reader.diagnostics.map { "\($0.line):\($0.column): \($0.message)" }
}

/// Scalars: what each reader accepts, and the exact message (with position) when it does not.
@Suite struct ScalarReaderTests {
    @Test func describeNamesEachKindOfNode() throws {
        #expect(YAMLNodeReader.describe(try node("value: {a: 1}")) == "a map")
        #expect(YAMLNodeReader.describe(try node("value: [1]")) == "a list")
        #expect(YAMLNodeReader.describe(try node("value:")) == "nothing")
        #expect(YAMLNodeReader.describe(try node("value: yes")) == "a boolean (yes)")
        #expect(YAMLNodeReader.describe(try node("value: 2.5")) == "a number (2.5)")
        #expect(YAMLNodeReader.describe(try node("value: '7'")) == "the text \"7\"")
    }

    @Test func isNullOnlyForNullScalars() throws {
        #expect(YAMLNodeReader.isNull(try node("value:")))
        #expect(YAMLNodeReader.isNull(try node("value: ~")))
        #expect(!YAMLNodeReader.isNull(try node("value: 'null'")))
        #expect(!YAMLNodeReader.isNull(try node("value: []")))
    }

    @Test func textTakesAnyScalarAsWritten() throws {
        var reader = YAMLNodeReader(file: "f.yml")
        #expect(reader.text(try node("value: 16.20"), "xcode") == "16.20")
        #expect(reader.text(try node("value: [a]"), "xcode") == nil)
        #expect(reader.nonEmptyText(try node("value: '  '"), "label") == nil)
        #expect(reader.nonEmptyText(try node("value: ' a '"), "label") == " a ")
        #expect(messages(reader) == [
            "1:8: xcode must be text, found a list",
            "1:8: label must not be empty",
        ])
    }

    @Test func integerRejectsQuotedAndOutOfRange() throws {
        var reader = YAMLNodeReader(file: "f.yml")
        #expect(reader.integer(try node("value: 3"), "limit", in: 0...5) == 3)
        #expect(reader.integer(try node("value: '3'"), "limit", in: 0...5) == nil)
        #expect(reader.integer(try node("value: 9"), "limit", in: 0...5) == nil)
        #expect(messages(reader) == [
            "1:8: limit must be a whole number, found the text \"3\"",
            "1:8: limit must be between 0 and 5, found 9",
        ])
    }

    @Test func numberTakesWholeAndDecimalAndPrintsWholeOnesPlainly() throws {
        var reader = YAMLNodeReader(file: "f.yml")
        #expect(reader.number(try node("value: 2.5"), "step", in: 0...100) == 2.5)
        #expect(reader.number(try node("value: 7"), "step", in: 0...100) == 7)
        #expect(reader.number(try node("value: 150"), "step", in: 0.01...100) == nil)
        #expect(reader.number(try node("value: .inf"), "step", in: 0...100) == nil)
        #expect(messages(reader) == [
            "1:8: step must be between 0.01 and 100, found 150",
            "1:8: step must be a number, found a number (.inf)",
        ])
        #expect(YAMLNodeReader.plain(5) == "5")
        #expect(YAMLNodeReader.plain(0.5) == "0.5")
    }

    @Test func booleanAcceptsYAMLBooleansOnly() throws {
        var reader = YAMLNodeReader(file: "f.yml")
        #expect(reader.boolean(try node("value: true"), "phased") == true)
        #expect(reader.boolean(try node("value: no"), "phased") == false)
        #expect(reader.boolean(try node("value: 'true'"), "phased") == nil)
        #expect(messages(reader) == ["1:8: phased must be true or false, found the text \"true\""])
    }

    @Test func reportWithoutAMarkFallsBackToTheFirstLine() {
        var reader = YAMLNodeReader(file: "f.yml")
        reader.report("the file is odd", at: nil as Mark?)
        #expect(reader.diagnostics.map(\.description) == ["f.yml:1:1: the file is odd"])
    }
}
