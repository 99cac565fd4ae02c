/// `lockstep bisect` (placeholder until implemented).
public enum BisectCommand {
    public static let help = "not implemented yet"
    public static func run(_ args: [String], _ ctx: CommandContext) -> Int32 {
        ctx.printError("lockstep bisect: not implemented yet")
        return ExitCode.badInput
    }
}
