import Foundation
import FuzzSupport
import ReleaseTrain
import Testing
import YAMLReading

@Suite("Train definitions: YAML in, validated trains or positioned errors out")
struct TrainParserTests {
    @Test("A complete definition reads every field")
    func goodDefinition() throws {
        let train = try TrainParser.parse(yaml: try fixture("train-good.yml"), file: "trains/mobile-app.yml").get()
        #expect(train.name == "mobile-app")
        #expect(train.repository == "acme/mobile-app")
        #expect(train.platforms == [.ios, .android])
        #expect(train.cadence.description == "every 2 weeks on tuesday at 10:00 Europe/Berlin")
        #expect(train.versionScheme == .semver(bump: .minor))
        #expect(train.releaseBranch(for: "2.5.0") == "release/2.5.0")
        #expect(train.hotfixBranch(for: "2.5.1") == "hotfix/2.5.1")
        #expect(train.rcPipeline == "release-candidate")
        #expect(train.signoffGates == ["qa", "product"])
        #expect(train.rollout.android == PlayRolloutPlan(track: "production", steps: [1, 5, 20, 50, 100], minimumSoak: 36 * 3600))
        #expect(train.rollout.ios.phased)
        #expect(train.healthRules == [
            HealthRule(metric: .crashFreeUsers, comparator: .lessThan, threshold: 99.5, minimumSample: 1000),
            HealthRule(metric: .anrRate, comparator: .greaterThan, threshold: 0.47, minimumSample: 0),
        ])
    }

    @Test("Defaults: manual cadence, semver minor, release/{version}, Play's default steps")
    func defaults() throws {
        let train = try TrainParser.parse(yaml: try fixture("train-calver.yml"), file: "calver.yml").get()
        #expect(train.cadence == .manual)
        #expect(train.platforms == [.android])
        #expect(train.versionScheme.description == "calver YYYY.0W.N")
        #expect(train.releaseBranchPattern == "release/{version}")
        #expect(train.rollout.android.steps == [1, 2, 5, 10, 20, 50, 100])
        #expect(train.signoffGates.isEmpty)
    }

    @Test("Every typo is reported at its line and column, with hints")
    func typos() throws {
        let result = TrainParser.parse(yaml: try fixture("train-typos.yml"), file: "typos.yml")
        guard case .failure(let failure) = result else {
            Issue.record("a definition full of typos parsed")
            return
        }
        let lines = failure.diagnostics.map(\.description)
        #expect(lines == [
            "typos.yml:1:1: missing required key 'rc_pipeline' in a train definition",
            "typos.yml:1:7: name must be lowercase letters, digits, '.', '_' or '-', starting with a letter or digit, found \"Mobile App\"",
            "typos.yml:3:18: unknown platform 'andriod'; did you mean 'android'?; platforms are ios, android",
            "typos.yml:4:10: cadence: unknown weekday 'tusday'; use monday … sunday (or mon … sun)",
            "typos.yml:7:9: version.bump must be major, minor or patch, found \"minro\"",
            "typos.yml:8:17: release_branch must contain {version}, e.g. release/{version}",
            "typos.yml:9:1: unknown key 'rc_pipline' in a train definition; did you mean 'rc_pipeline'?",
            "typos.yml:10:15: 'qa' appears twice in signoff",
            // 'andriod' was rejected, so the android section belongs to no platform.
            "typos.yml:12:3: rollout.android is set but android is not in platforms",
            "typos.yml:13:19: rollout steps must increase: 2 comes after 5",
            "typos.yml:14:11: rollout.android.soak must be a duration such as 30m, 24h or 2d12h (or seconds), found \"forever\"",
            "typos.yml:16:13: unknown metric 'crash_free_user'; did you mean 'crash_free_users'?; metrics are crash_free_users, crash_free_sessions, anr_rate",
            "typos.yml:17:17: comparator must be <, <=, >, >= (or below, at_most, above, at_least), found \"<<\"",
            "typos.yml:18:16: threshold must be between 0 and 100, found 150",
        ])
    }

    @Test("health: a list halts every store; a mapping may say halt: breached_store; a typo is positioned")
    func healthHaltScope() throws {
        let base = "name: a\nrepository: acme/a\nplatforms: [ios, android]\nrc_pipeline: rc\n"
        let rule = "{metric: anr_rate, comparator: \">\", threshold: 0.5}"
        #expect(try TrainParser.parse(yaml: base + "health: [\(rule)]", file: "t.yml").get().healthHalt == .all)
        let scoped = try TrainParser.parse(yaml: base + "health: {halt: breached_store, rules: [\(rule)]}", file: "t.yml").get()
        #expect(scoped.healthHalt == .breachedDistribution)
        #expect(scoped.healthRules.count == 1)
        let json = String(decoding: try JSONEncoder().encode(scoped), as: UTF8.self)
        #expect(try TrainParser.parse(yaml: json, file: "request body").get() == scoped)
        guard case .failure(let failure) = TrainParser.parse(yaml: base + "health: {halt: breached, rules: []}", file: "t.yml") else {
            Issue.record("an unknown halt scope parsed")
            return
        }
        #expect(failure.diagnostics.map(\.description) == [
            "t.yml:5:16: health.halt must be all or breached_store, found \"breached\"",
        ])
    }

    @Test("A YAML syntax error is positioned")
    func syntaxError() {
        let result = TrainParser.parse(yaml: "name: a\nplatforms: [ios\n", file: "broken.yml")
        guard case .failure(let failure) = result else {
            Issue.record("broken YAML parsed")
            return
        }
        #expect(failure.diagnostics.count == 1)
        #expect(failure.description.hasPrefix("broken.yml:"))
        #expect(failure.description.contains("invalid YAML"))
    }

    @Test("JSON is YAML: an API body parses, and a definition round-trips through Codable")
    func jsonRoundTrip() throws {
        let train = try TrainParser.parse(yaml: try fixture("train-good.yml"), file: "good.yml").get()
        let json = String(decoding: try JSONEncoder().encode(train), as: UTF8.self)
        #expect(json.contains("\"cadence\":\"every 2 weeks on tuesday at 10:00 Europe\\/Berlin\""))
        #expect(try JSONDecoder().decode(TrainDefinition.self, from: Data(json.utf8)) == train)
        #expect(try TrainParser.parse(yaml: json, file: "request body").get() == train)
    }

    @Test("A billion laughs, as values or as a mapping key, is refused at a position", arguments: [false, true])
    func billionLaughs(asKey: Bool) throws {
        let yaml = HostileYAML.billionLaughs(header: ["name: bomb"], detonation: asKey ? .key : .value)
        guard case .failure(let failure) = TrainParser.parse(yaml: yaml, file: "request body") else {
            Issue.record("a billion laughs was accepted")
            return
        }
        #expect(failure.diagnostics.count == 1)
        #expect(failure.description.contains("expands to more than"), "\(failure)")
        #expect(failure.description.hasPrefix("request body:"), "\(failure)")
    }
}
