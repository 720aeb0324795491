# A LAN of Linux network namespaces for the bench scripts (sourced): veth pairs on a bridge that sits in a
# namespace of its own; nothing of the machine's network is touched. Needs root.
#   lan_init TAG PREFIX   the bridge, in namespace TAG-br; addresses are PREFIX.INDEX/24
#   lan_node INDEX NAME   a namespace TAG-NAME with address PREFIX.INDEX on the bridge
#   lan_cleanup           kills what runs in the namespaces and removes them
lan_namespaces=()

lan_init() {
  lan_tag="$1"
  lan_prefix="$2"
  ip netns add "$lan_tag-br"; lan_namespaces+=("$lan_tag-br")
  ip -n "$lan_tag-br" link add br0 type bridge
  ip -n "$lan_tag-br" link set br0 up
}

lan_node() {
  local ns="$lan_tag-$2"
  ip netns add "$ns"; lan_namespaces+=("$ns")
  ip -n "$ns" link add eth0 type veth peer name "p$1" netns "$lan_tag-br"
  ip -n "$lan_tag-br" link set "p$1" master br0 up
  ip -n "$ns" addr add "$lan_prefix.$1/24" dev eth0
  ip -n "$ns" link set eth0 up
  ip -n "$ns" link set lo up
}

lan_cleanup() {
  local ns pid
  for ns in "${lan_namespaces[@]}"; do
    for pid in $(ip netns pids "$ns" 2>/dev/null); do kill -9 "$pid" 2>/dev/null || true; done
  done
  for ns in "${lan_namespaces[@]}"; do ip netns del "$ns" 2>/dev/null || true; done
}
