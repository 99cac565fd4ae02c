extension LockstepCommand {
    /// The Lockstep release this code is, as CHANGELOG.md names it; `lockstep --version` prints it.
    /// The one place the number is written: bump it with a CHANGELOG heading.
    public static let version = "0.13.0"
}
