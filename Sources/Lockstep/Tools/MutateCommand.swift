/// `lockstep mutate` (placeholder until implemented).
public enum MutateCommand {
    public static let help = "not implemented yet"
    public static func run(_ args: [String], _ ctx: CommandContext) -> Int32 {
        ctx.printError("lockstep mutate: not implemented yet")
        return ExitCode.badInput
    }
}
