import Foundation
public import PostgresNIO

/// Where a PostgreSQL database is and how to reach it, read from a URL such as
/// `postgres://doable:secret@db.example.com:5432/doable?sslmode=require&schema=doable`.
///
/// Query options:
/// - `sslmode`: `disable`, `prefer` (the default), `require` (encrypted, certificate not checked), `verify-ca` or
///   `verify-full` (certificate checked, and for `verify-full` its host name too), with libpq's meanings.
/// - `schema`: keep every table in this schema (lower-case letters, digits, `_`; created at start if missing)
///   instead of `public`, so several Doable instances or test runs can share one database.
/// - `host=/path/to/dir`: reach the server over the Unix socket in that folder instead of TCP.
/// - `pool_size`: the most connections this process opens (1 to 100, default 10). More than the database's cores
///   can work on at once only adds memory and contention.
public struct PostgresURL: Sendable, Equatable, CustomStringConvertible {
    public enum TLSMode: String, Sendable, CaseIterable {
        case disable, prefer, require
        case verifyCA = "verify-ca"
        case verifyFull = "verify-full"
    }

    public var host: String
    public var port: Int
    /// The folder holding the server's socket, when reached over a Unix socket.
    public var unixSocketDirectory: String?
    public var username: String
    public var password: String?
    public var database: String
    public var schema: String?
    public var tlsMode: TLSMode
    public var poolSize = 10

    /// Refused when it is not a `postgres://` URL; the message never contains the password.
    public struct Invalid: Error, CustomStringConvertible {
        public var description: String
    }

    public init(_ text: String) throws {
        guard let components = URLComponents(string: text),
            let scheme = components.scheme?.lowercased(), scheme == "postgres" || scheme == "postgresql"
        else { throw Invalid(description: "A database URL starts with postgres://") }
        var options: [String: String] = [:]
        for item in components.queryItems ?? [] { options[item.name] = item.value ?? "" }

        host = components.host.flatMap { $0.isEmpty ? nil : $0 } ?? "localhost"
        port = components.port ?? 5432
        guard (1...65535).contains(port) else { throw Invalid(description: "The database port must be 1 to 65535.") }
        if let socket = options["host"], socket.hasPrefix("/") { unixSocketDirectory = socket }
        username = components.user ?? ""
        guard !username.isEmpty else { throw Invalid(description: "The database URL names no user.") }
        password = components.password
        let path = String(components.path.drop(while: { $0 == "/" }))
        database = path.isEmpty ? username : path

        tlsMode = .prefer
        if let mode = options["sslmode"] {
            guard let parsed = TLSMode(rawValue: mode.lowercased()) else {
                let known = TLSMode.allCases.map(\.rawValue).joined(separator: ", ")
                throw Invalid(description: "sslmode must be one of \(known).")
            }
            tlsMode = parsed
        }
        if let schema = options["schema"] {
            guard Self.isPlainIdentifier(schema) else {
                throw Invalid(
                    description: "schema must be 1 to 63 lower-case letters, digits or _, not starting with a digit.")
            }
            self.schema = schema
        }
        if let size = options["pool_size"] {
            guard let parsed = Int(size), (1...100).contains(parsed) else {
                throw Invalid(description: "pool_size must be 1 to 100.")
            }
            poolSize = parsed
        }
    }

    /// The URL with the password masked, for logs and error messages.
    public var description: String {
        var components = URLComponents()
        components.scheme = "postgres"
        components.user = username
        components.password = password.map { _ in "***" }
        if unixSocketDirectory == nil { components.host = host }
        components.port = port
        components.path = "/" + database
        var options = [URLQueryItem(name: "sslmode", value: tlsMode.rawValue)]
        if let unixSocketDirectory { options.append(URLQueryItem(name: "host", value: unixSocketDirectory)) }
        if let schema { options.append(URLQueryItem(name: "schema", value: schema)) }
        if poolSize != 10 { options.append(URLQueryItem(name: "pool_size", value: String(poolSize))) }
        components.queryItems = options
        return components.string ?? "postgres://\(username)@\(host):\(port)/\(database)"
    }

    /// How `PostgresClient` should connect, including the TLS mode and the schema's `search_path`.
    public var clientConfiguration: PostgresClient.Configuration {
        var configuration: PostgresClient.Configuration
        if let path = unixSocketPath {
            configuration = .init(unixSocketPath: path, username: username, password: password, database: database)
        } else {
            configuration = .init(
                host: host, port: port, username: username, password: password, database: database,
                tls: tls)
        }
        configuration.options.additionalStartupParameters.append(("application_name", "doable"))
        if let schema { configuration.options.additionalStartupParameters.append(("search_path", schema)) }
        // One more than asked: the feed listener holds a connection of its own for as long as the server runs.
        configuration.options.maximumConnections = poolSize + 1
        return configuration
    }

    /// The server's socket file, when the URL names a socket directory (`host=/var/run/postgresql`).
    var unixSocketPath: String? {
        unixSocketDirectory.map { $0 + ($0.hasSuffix("/") ? "" : "/") + ".s.PGSQL.\(port)" }
    }

    var tls: PostgresClient.Configuration.TLS {
        switch tlsMode {
        case .disable: .disable
        case .prefer: .prefer(tlsConfiguration)
        case .require, .verifyCA, .verifyFull: .require(tlsConfiguration)
        }
    }

    /// The certificate checks the TLS mode asks for: none for prefer and require, the chain for verify-ca, the
    /// chain and the host name for verify-full.
    var tlsConfiguration: TLSConfiguration {
        var tls = TLSConfiguration.makeClientConfiguration()
        switch tlsMode {
        case .disable, .prefer, .require: tls.certificateVerification = .none
        case .verifyCA: tls.certificateVerification = .noHostnameVerification
        case .verifyFull: break
        }
        return tls
    }

    static func isPlainIdentifier(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard (1...63).contains(bytes.count), !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[0]) else {
            return false
        }
        return bytes.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
        }
    }
}
