import Lockstep
import Steep

LockstepMain.run(domains: [Steep.entry], lintFolders: ["Sources/Steep"])
