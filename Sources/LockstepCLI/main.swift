// The `lockstep` executable: everything lives in the Lockstep library (LockstepMain); this file only
// picks the domains, and hands `bench` Foundation's JSON decoder, which the library may not import,
// and the image kit's workloads, which live in Platform.
import LockstepTools
import Registry

installJSONBaseline()
installImageWorkloads()
LockstepMain.run(domains: allDomains)
