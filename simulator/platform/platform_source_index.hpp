#pragma once
// Where things sit in a platform file, and which of its resources change over time. SimGrid tells what a platform
// holds but not on which line, nor whether a host's speed or a link's bandwidth follows a profile (S4U has setters for
// profiles and no getters). So a refusal can name "platform.xml:12:5", and a host whose state file turns it off is
// known before the first point. A SimGrid XML file is read with expat beside SimGrid's own parser (malformed XML is
// left to SimGrid, which reports it with its own line: the index then holds what was read up to the error); a grid
// spec's index comes from its declared loads (platform_loads.hpp).
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace isogrid {

struct XmlPlace {
  size_t line   = 0;  // 1-based; 0 when unknown
  size_t column = 0;
};

struct PlatformSourceIndex {
  std::string file;
  std::map<std::string, XmlPlace> hosts;  // <host>, <peer>
  std::map<std::string, XmlPlace> zones;  // <zone>, <AS>, <cluster> (a cluster is a zone of its own)
  std::map<std::string, XmlPlace> links;  // <link>, <backbone>
  // <config><prop id="key" value="..."/>: the settings the platform gives SimGrid, in file order.
  struct Setting {
    std::string key;
    std::string value;
    XmlPlace place;
  };
  std::vector<Setting> settings;
  // Resources whose capacity or state changes over time, with what changes it ("state_file profiles/off.txt" or
  // "trace_connect kind=SPEED trace=t1"). Cluster hosts are listed under their cluster's id in `profiled_zones`.
  std::map<std::string, std::string> profiled_hosts;
  std::map<std::string, std::string> profiled_links;
  std::map<std::string, std::string> profiled_zones;
  // What SimGrid refuses without a line: an id declared twice ("host:a", "link:l", "zone:z": the second declaration)
  // and a <link_ctn> naming no link (its first use).
  std::map<std::string, XmlPlace> second_declarations;
  std::map<std::string, XmlPlace> link_uses;
  // The files the platform makes SimGrid read (speed_file, state_file, ..., <trace file>), as written, in file order.
  struct NamedFile {
    std::string attribute;  // "speed_file"
    std::string path;       // as written: SimGrid looks for a relative one in the working folder, then beside `file`
    XmlPlace place;
  };
  std::vector<NamedFile> files;
  // Hosts the file declares: <host>s and <peer>s, and every host of a <cluster>'s or <cabinet>'s radical.
  uint64_t declared_hosts = 0;

  // "file:8:5" for what a SimGrid refusal names ("Refusing to create a second host named 'a'.", "Link not found: l"),
  // or "" when the message names nothing the index placed.
  std::string place_of_refusal(const std::string& simgrid_message) const;

  // "file:12:5" for a host, zone or link id, or just "file" when the id is not in the index (generated names).
  std::string where_host(const std::string& id) const { return where(hosts, id); }
  std::string where_zone(const std::string& id) const { return where(zones, id); }
  std::string where_link(const std::string& id) const;  // also finds "L" for SimGrid's "L_UP" and "L_DOWN"
  std::string where_setting(const std::string& key) const;
  // The profile a link follows, by SimGrid's name for it (split-duplex halves included); empty when none.
  std::string link_profile(const std::string& simgrid_name) const;

private:
  std::string where(const std::map<std::string, XmlPlace>& in, const std::string& id) const;
};

// Never throws for the file's content; an unreadable file gives an empty index.
PlatformSourceIndex index_platform_xml(const std::string& path);

// The most hosts a platform may declare: 1 000 000. SimGrid builds every host of a cluster's radical in memory (a
// radical of "0-99999999" allocated until it ran out of memory, 57 s later); isogrid ran 100 000.
constexpr uint64_t kMaxPlatformHosts = 1'000'000;

// What isogrid checks of a SimGrid XML platform before SimGrid reads it, so that SimGrid never blocks on a named pipe
// or reads a device, and never builds more than kMaxPlatformHosts hosts. Throws InputFileError naming the file, line
// and attribute ("p.xml:4:3: speed_file: /tmp/fifo is a named pipe, not a file").
void check_platform_source(const std::string& path);

}  // namespace isogrid
