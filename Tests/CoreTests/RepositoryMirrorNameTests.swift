import Core
import Testing

/// The server's mirror folders: one per repository, even where names read alike.
@Suite("Repository mirror folder names")
struct RepositoryMirrorNameTests {
    @Test("names that read alike, long names cut alike, and a name registered again with another URL get their own folders")
    func distinctFolders() {
        let url = "https://example.com/app.git"
        let names = [
            Repository.mirrorFolderName(name: "zz/m+1", cloneURL: url),
            Repository.mirrorFolderName(name: "zz/m_1", cloneURL: url),
            Repository.mirrorFolderName(name: String(repeating: "a", count: 120) + "/x", cloneURL: url),
            Repository.mirrorFolderName(name: String(repeating: "a", count: 120) + "/y", cloneURL: url),
            Repository.mirrorFolderName(name: "zz/m+1", cloneURL: "https://example.com/other.git"),
        ]
        #expect(Set(names).count == names.count, "\(names)")
        #expect(names[0].hasPrefix("zz_m_1-"), "a readable prefix: \(names[0])")
        #expect(names.allSatisfy { $0.count <= 97 && !$0.contains("/") && !$0.hasPrefix(".") })
        #expect(Repository.mirrorFolderName(name: "zz/m+1", cloneURL: url) == names[0], "stable")
    }
}
