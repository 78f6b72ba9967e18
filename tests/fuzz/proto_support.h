// Protobuf helpers of the message-reading fuzz targets: a message's bytes in
// deterministic serialization (so that equal messages give equal bytes: how
// two answers or two snapshots are compared), and silencing protobuf's log
// (it reports every string field with invalid UTF-8 it parses, which random
// bytes have all the time).
#pragma once

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <google/protobuf/message.h>
#include <google/protobuf/stubs/logging.h>

#include <string>

namespace carcassonne::fuzz {

inline std::string DeterministicBytes(const google::protobuf::Message& message) {
  std::string bytes;
  {
    google::protobuf::io::StringOutputStream stream(&bytes);
    google::protobuf::io::CodedOutputStream coded(&stream);
    coded.SetSerializationDeterministic(true);
    message.SerializeToCodedStream(&coded);
  }  // the stream writes its last bytes when it goes
  return bytes;
}

// Protobuf logs nothing from here on (a parse failure is the target's answer,
// not news). Called from LLVMFuzzerInitialize.
inline void SilenceProtobufLog() { google::protobuf::SetLogHandler(nullptr); }

}  // namespace carcassonne::fuzz
