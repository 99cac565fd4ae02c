/// `lockstep lint` (placeholder until implemented).
public enum LintCommand {
    public static let help = "not implemented yet"
    public static func run(_ args: [String], _ ctx: CommandContext) -> Int32 {
        ctx.printError("lockstep lint: not implemented yet")
        return ExitCode.badInput
    }
}
