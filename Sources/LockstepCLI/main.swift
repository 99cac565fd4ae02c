// The `lockstep` executable: everything lives in the Lockstep library (LockstepMain); this file only
// picks the domains, and hands `bench` Foundation's JSON decoder, which the library may not import.
import LockstepTools
import Registry

installJSONBaseline()
LockstepMain.run(domains: allDomains)
