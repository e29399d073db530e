// snapshots
