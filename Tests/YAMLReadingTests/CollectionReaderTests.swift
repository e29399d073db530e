import Testing
import YAMLReading
import Yams

/// Maps and lists: allowed keys with suggestions, merge keys, required keys and list shapes.
@Suite struct CollectionReaderTests {
    static let allowed = ["name", "depends_on", "commands"]

    @Test func entriesReportsUnknownKeysWithASuggestion() throws {
        var reader = YAMLNodeReader(file: "f.yml")
        let map = try node("value:\n  name: a\n  comands: [x]\n  dependsOn: b\n  [x]: c\n")
        let read = reader.entries(of: map, "step 1", allowed: Self.allowed)
        let entries = try #require(read)
        #expect(entries.order == ["name"])
        #expect(messages(reader) == [
            "3:3: unknown key 'comands' in step 1; did you mean 'commands'?",
            "4:3: unknown key 'dependsOn' in step 1; did you mean 'depends_on'?",
            "5:3: keys in step 1 must be text, found a list",
        ])
    }

    @Test func entriesOfANonMapIsOneError() throws {
        var reader = YAMLNodeReader(file: "f.yml")
        #expect(reader.entries(of: try node("value: [a]"), "retry", allowed: []) == nil)
        #expect(messages(reader) == ["1:8: retry must be a map of keys to values, found a list"])
    }

    static let merged = """
        base: &base {name: shared, commands: [make]}
        value:
          <<: *base
          name: own
        """

    @Test func mergeKeysAreHonouredAndExplicitKeysWin() throws {
        var reader = YAMLNodeReader(file: "f.yml")
        let read = reader.entries(of: try node(Self.merged), "step", allowed: Self.allowed)
        let entries = try #require(read)
        #expect(reader.diagnostics.isEmpty)
        #expect(entries.order == ["name", "commands"])
        #expect(entries["name"]?.string == "own")
    }

    @Test func mergeKeysCanBePlainKeys() throws {
        var reader = YAMLNodeReader(file: "f.yml", mergeKeys: .plainKeys)
        let read = reader.entries(of: try node(Self.merged), "step", allowed: Self.allowed)
        let entries = try #require(read)
        #expect(entries.order == ["name"])
        #expect(messages(reader) == ["3:3: unknown key '<<' in step"])
    }

    @Test func requiredReportsAtTheMap() throws {
        var reader = YAMLNodeReader(file: "f.yml")
        let read = reader.entries(of: try node("value:\n  name: a\n"), "a rule", allowed: Self.allowed)
        let entries = try #require(read)
        #expect(reader.required(entries, "name", in: "a rule") != nil)
        #expect(reader.required(entries, "commands", in: "a rule") == nil)
        #expect(messages(reader) == ["2:3: missing required key 'commands' in a rule"])
    }

    @Test func textMapChecksKeysAndMerges() throws {
        var reader = YAMLNodeReader(file: "f.yml")
        let yaml = "shared: &shared {A: 1, B: 2}\nvalue:\n  <<: *shared\n  A: 3\n  bad key: 4\n"
        let entries = reader.textMap(try node(yaml), "env") { $0.contains(" ") ? "no spaces in '\($0)'" : nil }
        #expect(entries.map(\.key) == ["A", "B"])
        #expect(entries.first?.value.string == "3")
        #expect(messages(reader) == ["5:3: no spaces in 'bad key'"])
    }

    @Test func itemsTakeAListOrOneValue() throws {
        var reader = YAMLNodeReader(file: "f.yml")
        #expect(reader.items(try node("value: [a, b]"), "platforms")?.count == 2)
        #expect(reader.items(try node("value: ios"), "platforms")?.count == 1)
        #expect(reader.items(try node("value: ios"), "steps", allowSingle: false) == nil)
        #expect(reader.items(try node("value:"), "platforms") == nil)
        #expect(messages(reader) == [
            "1:8: steps must be a list, found the text \"ios\"",
            "1:7: platforms must be a list or a single value, found nothing",
        ])
    }

    @Test func textListRejectsEmptyListsAndEmptyItems() throws {
        var reader = YAMLNodeReader(file: "f.yml")
        #expect(reader.textList(try node("value: [a, b]"), "tags")?.map(\.value) == ["a", "b"])
        #expect(reader.textList(try node("value: []"), "tags") == nil)
        #expect(reader.textList(try node("value: [a, '']"), "tags") == nil)
        #expect(messages(reader) == [
            "1:8: tags must not be an empty list; remove the key instead",
            "1:12: each item of tags must not be empty",
        ])
    }
}
