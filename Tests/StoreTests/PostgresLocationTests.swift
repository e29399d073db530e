import Core
import PostgresNIO
@testable import Store
@testable import StorePostgres
import Testing

@Suite("PostgreSQL database URLs")
struct PostgresLocationTests {
    @Test("a full URL gives host, port, credentials, database, TLS mode, pool and statement timeout")
    func full() throws {
        let location = try PostgresLocation(url: "postgres://ci%40acme:p%2Fss@db.internal:6543/mobile_ops?sslmode=verify-full&pool=8&statement_timeout=5&connect_timeout=12")
        #expect(location.host == "db.internal")
        #expect(location.port == 6543)
        #expect(location.username == "ci@acme")
        #expect(location.password == "p/ss")
        #expect(location.database == "mobile_ops")
        #expect(location.tls == .verifyFull)
        #expect(location.poolSize == 8)
        #expect(location.statementTimeoutSeconds == 5)
        #expect(location.connectTimeoutSeconds == 12)
        #expect(location.clientConfiguration.options.connectTimeout == .seconds(12))
        #expect(!location.redacted.contains("p/ss") && !location.redacted.contains("p%2Fss"), "\(location.redacted)")
    }

    @Test("the defaults are libpq's: port 5432, sslmode prefer; a pool of 20, a 30 s statement timeout and a 5 s wait for a connection")
    func defaults() throws {
        let location = try PostgresLocation(url: "postgresql://mobile@localhost/ops")
        #expect(location.port == 5432)
        #expect(location.password == nil)
        #expect(location.tls == .prefer)
        #expect(location.poolSize == 20)
        #expect(location.statementTimeoutSeconds == 30)
        #expect(location.connectTimeoutSeconds == 5)
    }

    @Test("what cannot be used is refused, naming the setting and the problem", arguments: [
        ("mysql://u@h/db", "not a postgres:// URL"),
        ("postgres://u@h", "no database name"),
        ("postgres://h/db", "no user name"),
        ("postgres://u@h/db?sslmode=sometimes", "sslmode 'sometimes'"),
        ("postgres://u@h/db?pool=0", "pool must be"),
        ("postgres://u@h/db?statement_timeout=-1", "statement_timeout must be"),
        ("postgres://u@h/db?connect_timeout=0", "connect_timeout must be"),
        ("postgres://u@h/db?sslrootcert=x", "unknown parameter 'sslrootcert'"),
    ])
    func refused(url: String, problem: String) {
        #expect {
            try PostgresLocation(url: url)
        } throws: { error in
            guard let error = error as? ConfigurationError else { return false }
            return error.message.contains(problem) && error.message.contains("MOBILE_OPS_DATABASE")
        }
    }

    @Test("only postgres:// and postgresql:// URLs select PostgreSQL")
    func selection() {
        #expect(PostgresLocation.isPostgresURL("postgres://u@h/db"))
        #expect(PostgresLocation.isPostgresURL("postgresql://u@h/db"))
        #expect(!PostgresLocation.isPostgresURL(".mobile-ops/mobile-ops.sqlite"))
        #expect(!PostgresLocation.isPostgresURL("/var/lib/postgres/db.sqlite"))
    }
}
