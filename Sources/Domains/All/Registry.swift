import Lockstep
