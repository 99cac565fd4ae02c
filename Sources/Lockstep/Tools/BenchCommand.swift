/// `lockstep bench` (placeholder until implemented).
public enum BenchCommand {
    public static let help = "not implemented yet"
    public static func run(_ args: [String], _ ctx: CommandContext) -> Int32 {
        ctx.printError("lockstep bench: not implemented yet")
        return ExitCode.badInput
    }
}
