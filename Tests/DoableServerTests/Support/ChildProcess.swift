import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process started with `posix_spawn`, for the helpers the tests run (the SMTP sink, Python's email parser,
/// openssl). Not `Foundation.Process`: on Linux its `run()` reads `/proc/self/fd` with a 256-byte copy of each entry
/// and now and then reads past the end of the directory buffer and crashes the whole test process
/// (swift-corelibs-foundation #5472; the more descriptors are open, the likelier).
final class ChildProcess: Sendable {
    let pid: pid_t
    /// The child's stdin, stdout and stderr as this process sees them: a pipe's other end, or nil where the child's
    /// stream goes to a file or nowhere.
    let input: FileHandle?
    let output: FileHandle?

    enum Stream {
        /// A pipe this process reads from (stdout, stderr) or writes to (stdin).
        case pipe
        /// Appended to the file at this path.
        case file(String)
        case discarded
    }

    init(_ executable: String, _ arguments: [String], stdin: Stream, stdout: Stream, stderr: Stream) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var ours: [Int32] = []  // the parent's ends of the pipes
        var theirs: [Int32] = []  // the child's ends, closed here once it runs
        func attach(_ stream: Stream, to target: Int32, childReads: Bool) throws -> FileHandle? {
            switch stream {
            case .pipe:
                var fds: [Int32] = [0, 0]
                guard pipe(&fds) == 0 else { throw SinkError("pipe failed: \(errno)") }
                // Not inherited by other children started meanwhile (the copy made for this one is opened anew).
                fds.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
                let (child, parent) = childReads ? (fds[0], fds[1]) : (fds[1], fds[0])
                posix_spawn_file_actions_adddup2(&actions, child, target)
                ours.append(parent)
                theirs.append(child)
                return FileHandle(fileDescriptor: parent, closeOnDealloc: true)
            case .file(let path):
                posix_spawn_file_actions_addopen(&actions, target, path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
                return nil
            case .discarded:
                posix_spawn_file_actions_addopen(
                    &actions, target, "/dev/null", childReads ? O_RDONLY : O_WRONLY, 0)
                return nil
            }
        }
        input = try attach(stdin, to: 0, childReads: true)
        output = try attach(stdout, to: 1, childReads: false)
        _ = try attach(stderr, to: 2, childReads: false)
        // Nothing else of this process's goes with the child: a test's listening socket left open in a child would
        // still take connections after the test closed it.
        // (glibc 2.34 has `posix_spawn_file_actions_addclosefrom_np`; Swift's Glibc module does not show it.)
        guard let closeFrom = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else {
            throw SinkError("this C library cannot close a child's descriptors (glibc 2.34 or later is needed)")
        }
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        _ = unsafeBitCast(closeFrom, to: AddCloseFrom.self)(&actions, 3)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, nil, argv, environ)
        theirs.forEach { close($0) }
        guard status == 0 else {
            ours.forEach { close($0) }
            throw SinkError("could not start \(executable): error \(status)")
        }
        pid = child
    }

    func terminate() { kill(pid, SIGTERM) }

    /// Waits for the child to end; its exit status, or -1 when it was ended by a signal.
    @discardableResult
    func waitUntilExit() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return status & 0x7f == 0 ? (status >> 8) & 0xff : -1
    }
}

/// A loopback TCP port bound and not listening: a connection to it is refused, and no one else can take it until
/// `release()`.
struct ClosedPort: Sendable {
    let descriptor: Int32
    let port: Int

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw SinkError("socket failed: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw SinkError("could not bind a loopback port: \(errno)")
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    func release() { close(descriptor) }
}
