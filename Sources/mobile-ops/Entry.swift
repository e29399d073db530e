import ArgumentParser
import CLI

/// Thin entry point: the commands live in the CLI module, where tests can reach them.
/// `AsyncMainProtocol` is ArgumentParser's way to run an async root command defined in
/// another module.
@main
struct Entry: AsyncMainProtocol {
    typealias Command = MobileOpsCommand
}
