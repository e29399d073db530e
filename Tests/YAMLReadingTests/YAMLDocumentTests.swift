import Testing
import YAMLBudget
import YAMLReading
import Yams

/// Composing: empty documents, syntax errors and exceeded budgets, each positioned.
@Suite struct YAMLDocumentTests {
    @Test func aDocumentComposesToItsRoot() throws {
        let root = try YAMLDocument.compose("name: a\n", file: "f.yml").get()
        #expect(root?.mapping?["name"]?.string == "a")
    }

    @Test func anEmptyDocumentHasNoRoot() throws {
        #expect(try YAMLDocument.compose("# nothing\n", file: "f.yml").get() == nil)
    }

    @Test func aSyntaxErrorIsPositioned() {
        guard case .failure(let diagnostic) = YAMLDocument.compose("name: [a\nsteps: b\n", file: "f.yml") else {
            Issue.record("broken YAML composed")
            return
        }
        #expect(diagnostic.file == "f.yml")
        #expect(diagnostic.message.hasPrefix("invalid YAML: "))
        #expect(diagnostic.line == 2)
    }

    @Test func aDuplicateKeyNamesTheKey() {
        guard case .failure(let diagnostic) = YAMLDocument.compose("a: 1\na: 2\n", file: "f.yml") else {
            Issue.record("a duplicate key composed")
            return
        }
        #expect(diagnostic.message == "invalid YAML: duplicate key 'a' in the same map")
    }

    @Test func theBudgetIsCheckedFirst() {
        let deep = String(repeating: "[", count: 10) + String(repeating: "]", count: 10)
        guard case .failure(let diagnostic) = YAMLDocument.compose(deep, file: "f.yml", budget: YAMLBudget(maxNodes: 100, maxDepth: 5)) else {
            Issue.record("nesting beyond the budget composed")
            return
        }
        #expect(diagnostic.line == 1)
        #expect(diagnostic.column > 1)
    }

    @Test func diagnosticsPrintAndSortLikeACompiler() {
        let later = YAMLDiagnostic(file: "a.yml", line: 3, column: 1, message: "b")
        let earlier = YAMLDiagnostic(file: "a.yml", line: 2, column: 9, message: "a")
        #expect([later, earlier].sorted() == [earlier, later])
        #expect(earlier.description == "a.yml:2:9: a")
    }
}
