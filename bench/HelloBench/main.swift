import Hummingbird

// The ceiling for bench/api: the same framework answering a constant string, nothing else.
let router = Router()
router.get("/hello") { _, _ in "Hello, world!" }
let port = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 8090
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
try await app.runService()
