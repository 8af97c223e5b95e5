import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The client's folder: `config.json`, the session `token` and `replica.sqlite`.
///
/// `DOABLE_HOME` picks it, so several "devices" (each with its own replica and client id) can live on one
/// machine; otherwise it is `$XDG_CONFIG_HOME/doable`, or `~/.config/doable`. The folder is made 0700 and the
/// token 0600: the token is as good as the password until it is signed out.
struct ClientHome: Sendable {
    let path: String

    init(path: String) { self.path = path }

    /// The folder the environment names.
    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let home = environment["DOABLE_HOME"], !home.isEmpty {
            path = home
        } else if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            path = config + "/doable"
        } else {
            let user = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            path = user + "/.config/doable"
        }
    }

    var configPath: String { path + "/config.json" }
    var tokenPath: String { path + "/token" }
    var replicaPath: String { path + "/replica.sqlite" }

    func readConfig() throws -> ClientConfig? {
        guard let data = FileManager.default.contents(atPath: configPath) else { return nil }
        do {
            return try JSONDecoder().decode(ClientConfig.self, from: data)
        } catch {
            throw CLIError.user("\(configPath) is damaged (\(error)); run `doable login --server URL` again.")
        }
    }

    func readToken() -> String? {
        guard let data = FileManager.default.contents(atPath: tokenPath) else { return nil }
        let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return token.isEmpty ? nil : token
    }

    func save(config: ClientConfig) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try writePrivately(try encoder.encode(config) + Data("\n".utf8), to: configPath)
    }

    func save(token: String) throws {
        try writePrivately(Data((token + "\n").utf8), to: tokenPath)
    }

    /// Removes the token and the replica (with SQLite's side files); the config stays so `login` can offer
    /// the same server again.
    func removeSession() throws {
        for file in [tokenPath, replicaPath, replicaPath + "-wal", replicaPath + "-shm", replicaPath + "-journal"] {
            if FileManager.default.fileExists(atPath: file) { try FileManager.default.removeItem(atPath: file) }
        }
    }

    /// Makes every file the client creates from now on (the replica and its side files included) readable by the
    /// user only: the replica holds every task the account sees.
    static func restrictNewFiles() {
        umask(0o077)
    }

    /// Makes the folder (0700) if it is missing. An existing folder keeps its mode: `DOABLE_HOME` may name one the
    /// user shares on purpose, and the files in it are 0600 anyway.
    func prepare() throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw CLIError.user("\(path) is a file; DOABLE_HOME must name a folder.") }
            return
        }
        try FileManager.default.createDirectory(
            atPath: path, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
    }

    /// Writes a file readable by its owner only: created 0600 under a temporary name, then renamed over the old
    /// one, so the secret is never readable by others, not even for a moment, and never half written.
    private func writePrivately(_ data: Data, to destination: String) throws {
        try prepare()
        let temporary = destination + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else {
            throw CLIError.user("Cannot write \(temporary): \(String(cString: strerror(errno))).")
        }
        let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        fchmod(descriptor, 0o600)
        fsync(descriptor)
        close(descriptor)
        guard written == data.count, rename(temporary, destination) == 0 else {
            unlink(temporary)
            throw CLIError.user("Cannot write \(destination): \(String(cString: strerror(errno))).")
        }
    }
}
