import Lockstep
print("lockstep")
