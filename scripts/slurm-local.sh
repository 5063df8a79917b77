#!/usr/bin/env bash
# A single-node Slurm cluster on loopback, for trying `--slurm` and for the opt-in test
# (./mvnw -B -Pslurm verify; docs/regress.md "On a Slurm cluster"). Needs root: it installs
# slurmctld, slurmd, slurm-client and munge from Debian when missing, and starts munged,
# slurmctld and slurmd by hand (no systemd) from a configuration in DIR.
#
#   scripts/slurm-local.sh start DIR     then: export SLURM_CONF=DIR/slurm.conf
#   scripts/slurm-local.sh stop DIR
set -euo pipefail

die()
{
    echo "slurm-local: $*" >&2
    exit 2
}

[ $# -eq 2 ] || die "usage: $0 start|stop DIR"
readonly ACTION="$1"
DIR="$(mkdir -p "$2" && cd "$2" && pwd)"
readonly DIR
readonly CONF="$DIR/slurm.conf"

stop()
{
    local name pid
    for name in slurmd slurmctld; do
        if [ -f "$DIR/$name.pid" ]; then
            pid=$(cat "$DIR/$name.pid")
            kill "$pid" 2>/dev/null || true
            for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
            kill -9 "$pid" 2>/dev/null || true
            rm -f "$DIR/$name.pid"
        fi
    done
}

start()
{
    [ "$(id -u)" = 0 ] || die "needs root (it installs packages and starts the Slurm daemons)"
    local missing=()
    command -v slurmctld >/dev/null 2>&1 || missing+=(slurmctld)
    command -v slurmd >/dev/null 2>&1 || missing+=(slurmd)
    command -v sbatch >/dev/null 2>&1 || missing+=(slurm-client)
    command -v munged >/dev/null 2>&1 || missing+=(munge)
    if [ ${#missing[@]} -gt 0 ]; then
        command -v apt-get >/dev/null 2>&1 || die "missing ${missing[*]} and no apt-get to install them"
        echo "slurm-local: installing ${missing[*]} with apt-get" >&2
        apt-get update -qq >&2
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
    fi
    stop
    local node
    node=$(hostname -s)
    mkdir -p "$DIR/state" "$DIR/spool" "$DIR/log"
    # Loopback only, no cgroups (proctrack/linuxproc, task/none), no accounting: a node that is its
    # own controller. Ports off the defaults, so a real cluster's daemons on the machine do not clash.
    cat > "$CONF" <<CONF
ClusterName=ccsilicon
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=16817
SlurmdPort=16818
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
StateSaveLocation=$DIR/state
SlurmdSpoolDir=$DIR/spool
SlurmctldPidFile=$DIR/slurmctld.pid
SlurmdPidFile=$DIR/slurmd.pid
SlurmctldLogFile=$DIR/log/slurmctld.log
SlurmdLogFile=$DIR/log/slurmd.log
SlurmUser=root
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
NodeName=$node NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=debug Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
    mkdir -p /run/munge
    chown munge:munge /run/munge
    if [ ! -f /etc/munge/munge.key ]; then
        dd if=/dev/urandom bs=1 count=1024 of=/etc/munge/munge.key 2>/dev/null
        chown munge:munge /etc/munge/munge.key
        chmod 400 /etc/munge/munge.key
    fi
    pgrep -x munged >/dev/null || runuser -u munge -- /usr/sbin/munged
    SLURM_CONF="$CONF" slurmctld -f "$CONF"
    SLURM_CONF="$CONF" slurmd -f "$CONF" -N "$node"
    for _ in $(seq 1 60); do
        if SLURM_CONF="$CONF" sinfo -h -o %T 2>/dev/null | grep -q idle; then
            echo "slurm-local: node $node idle; export SLURM_CONF=$CONF"
            return 0
        fi
        sleep 0.5
    done
    die "the node did not become idle in 30 s; see $DIR/log"
}

case "$ACTION" in
    start) start ;;
    stop) stop ;;
    *) die "usage: $0 start|stop DIR" ;;
esac
