#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""DiskSim 4.0 parameter file for issue 57's side-by-side run: a RAID-5 of DiskSim's own HP C3323A.

usage: scripts/disksim-raid5-parv.py VALID_DIR OUT.parv [--reads FRACTION] [--requests N] [--disks D]
       (VALID_DIR: DiskSim's valid/ folder; OUT.parv goes beside copies of hp_c3323a_validate.diskspecs,
       .model, .seek and statdefs, which it sources)

Everything before the instantiations is valid/hp_c3323a.parv's (globals, statistics, the driver, the two
buses with the C3323A's 0.1455 ms per sector, the pass-through controller), but for the driver's Scheduling
policy, set to 3 (CYCLE_LBN, C-LOOK) as in DiskSim's valid/synth*.parv. Each of the D disks hangs behind its
own controller and bus, so no bus is shared but the driver's (0 ms per sector). The logical organisation is
D disks striped with rotated parity (Parity_rotated, left-symmetric: Parity rotation type 1) and stripe units
of 128 sectors (64 KiB); the workload 64 synthetic generators, each one time-critical request of 8 sectors
(4 KiB, aligned by Blocking factor 8) at a time at a uniformly random place of the array, so 64 outstanding.
Instance lists are written out (disk0, disk1, ...), as RaidScope's DiskSim reader does not take DiskSim's
"disk0 .. disk7" ranges, so the same file imports: raidscope-cli disks import OUT.parv --save.
"""
import argparse
import os


def main():
    p = argparse.ArgumentParser()
    p.add_argument("valid")
    p.add_argument("out")
    p.add_argument("--reads", default="1.0", help="probability of read access (1.0 reads, 0.0 writes)")
    p.add_argument("--requests", type=int, default=1000000)
    p.add_argument("--disks", type=int, default=8)
    a = p.parse_args()
    src = open(os.path.join(a.valid, "hp_c3323a.parv")).read()
    head = src[: src.index("# component instantiation")]
    head = head.replace("Scheduling policy = 1,", "Scheduling policy = 3,", 1)  # the driver's queue
    n = a.disks
    blocks = 1743672  # hp_c3323a_validate.model: Block count
    capacity = blocks // 128 * 128 * (n - 1)  # whole stripe units of each disk, one disk's worth of parity
    names = lambda stem, first, count: ", ".join("%s%d" % (stem, i) for i in range(first, first + count))
    t = head
    t += "instantiate [ statfoo ] as Stats\n"
    t += "instantiate [ bus0 ] as BUS0\n"
    t += "instantiate [ %s ] as BUS1\n" % names("bus", 1, n)
    t += "instantiate [ %s ] as HP_C3323A_validate\n" % names("disk", 0, n)
    t += "instantiate [ driver0 ] as DRIVER0\n"
    t += "instantiate [ %s ] as CTLR0\n\n" % names("ctlr", 0, n)
    t += "topology disksim_iodriver driver0 [\n   disksim_bus bus0 [\n"
    t += ",\n".join("      disksim_ctlr ctlr%d [ disksim_bus bus%d [ disksim_disk disk%d [] ] ]" % (i, i + 1, i)
                    for i in range(n))
    t += "\n   ]\n]\n\n"
    t += """disksim_logorg org0 {
   Addressing mode = Array,
   Distribution scheme = Striped,
   Redundancy scheme = Parity_rotated,
   devices = [ %s ],
   Stripe unit  =  128,
   Synch writes for safety =  0,
   Number of copies =  2,
   Copy choice on read =  6,
   RMW vs. reconstruct =  0.5,
   Parity stripe unit =  128,
   Parity rotation type =  1,
   Time stamp interval =  0.000000,
   Time stamp start time =  60000.000000,
   Time stamp stop time =  10000000000.000000,
   Time stamp file name =  stamps
}

disksim_pf Proc {
   Number of processors =  1,
   Process-Flow Time Scale =  1.0
}

disksim_synthio Synthio {
   Number of I/O requests to generate =  %d,
   Maximum time of trace generated  =  1000000000000.0,
   System call/return with each request =  0,
   Think time from call to request =  0.0,
   Think time from request to return =  0.0,
Generators = [
""" % (names("disk", 0, n), a.requests)
    gen = """disksim_synthgen {
   Storage capacity per device  =  %d,
   devices = [ disk0 ],
   Blocking factor =  8,
   Probability of sequential access =  0.0,
   Probability of local access =  0.0,
   Probability of read access =  %s,
   Probability of time-critical request =  1.0,
   Probability of time-limited request =  0.0,
   Time-limited think times  = [ normal, 0.0, 0.0  ],
   General inter-arrival times  = [ normal, 0.0, 0.0  ],
   Sequential inter-arrival times  = [ normal, 0.0, 0.0  ],
   Local inter-arrival times  = [ normal, 0.0, 0.0  ],
   Local distances  = [ normal, 0.0, 0.0  ],
   Sizes  = [ normal, 8.0, 0.0  ]
}""" % (capacity, a.reads)
    t += ",\n".join([gen] * 64) + "\n]\n}\n"
    open(a.out, "w").write(t)


if __name__ == "__main__":
    main()
