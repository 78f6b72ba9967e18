// Server reflection (see reflection.h).
#include "service/reflection.h"

#include <chrono>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "google/protobuf/descriptor.h"
#include "google/protobuf/descriptor.pb.h"
#include "google/protobuf/util/message_differencer.h"
#include "service/documented_descriptors.h"
#include "service/error_reasons.h"

namespace carcassonne::service {

using grpc::reflection::v1alpha::ServerReflectionRequest;
using grpc::reflection::v1alpha::ServerReflectionResponse;

namespace {

// Streams asked for ahead; each is replaced as soon as it arrives.
constexpr int kRequestedStreams = 2;

void SetError(ServerReflectionResponse* response, grpc::StatusCode code,
              const std::string& message) {
  response->mutable_error_response()->set_error_code(code);
  response->mutable_error_response()->set_error_message(message);
}

// The API's files with their comments (documented_descriptors.h), serialized,
// by file name. A file is kept only if its descriptor, comments and JSON
// names aside, is the one compiled into the binary (the same build made
// both; checked once).
const std::unordered_map<std::string, std::string>& DocumentedFiles() {
  static const auto* const files = [] {
    auto* documented = new std::unordered_map<std::string, std::string>();
    const std::string_view bytes = DocumentedDescriptorSet();
    google::protobuf::FileDescriptorSet set;
    if (!set.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) return documented;
    google::protobuf::util::MessageDifferencer same;
    same.IgnoreField(
        google::protobuf::FieldDescriptorProto::descriptor()->FindFieldByName("json_name"));
    same.IgnoreField(
        google::protobuf::FileDescriptorProto::descriptor()->FindFieldByName("source_code_info"));
    for (const google::protobuf::FileDescriptorProto& file : set.file()) {
      const google::protobuf::FileDescriptor* compiled =
          google::protobuf::DescriptorPool::generated_pool()->FindFileByName(file.name());
      if (compiled == nullptr) continue;
      google::protobuf::FileDescriptorProto bare;
      compiled->CopyTo(&bare);
      if (same.Compare(bare, file)) documented->emplace(file.name(), file.SerializeAsString());
    }
    return documented;
  }();
  return *files;
}

// `file` and every file it imports, transitively, each once (the file first);
// the API's own files with their comments.
void AddFileWithImports(const google::protobuf::FileDescriptor* file,
                        grpc::reflection::v1alpha::FileDescriptorResponse* response) {
  std::vector<const google::protobuf::FileDescriptor*> to_send = {file};
  std::unordered_set<const google::protobuf::FileDescriptor*> seen = {file};
  const std::unordered_map<std::string, std::string>& documented = DocumentedFiles();
  for (size_t i = 0; i < to_send.size(); ++i) {
    if (auto found = documented.find(to_send[i]->name()); found != documented.end()) {
      *response->add_file_descriptor_proto() = found->second;
    } else {
      google::protobuf::FileDescriptorProto proto;
      to_send[i]->CopyTo(&proto);
      proto.SerializeToString(response->add_file_descriptor_proto());
    }
    for (int d = 0; d < to_send[i]->dependency_count(); ++d) {
      const google::protobuf::FileDescriptor* dependency = to_send[i]->dependency(d);
      if (seen.insert(dependency).second) to_send.push_back(dependency);
    }
  }
}

}  // namespace

void AnswerReflectionRequest(const std::vector<std::string>& services,
                             const ServerReflectionRequest& request,
                             ServerReflectionResponse* response) {
  const google::protobuf::DescriptorPool* pool = google::protobuf::DescriptorPool::generated_pool();
  response->set_valid_host(request.host());
  *response->mutable_original_request() = request;
  switch (request.message_request_case()) {
    case ServerReflectionRequest::kListServices:
      for (const std::string& service : services) {
        response->mutable_list_services_response()->add_service()->set_name(service);
      }
      return;
    case ServerReflectionRequest::kFileByFilename: {
      const google::protobuf::FileDescriptor* file =
          pool->FindFileByName(request.file_by_filename());
      if (file == nullptr) {
        SetError(response, grpc::StatusCode::NOT_FOUND,
                 "no file named \"" + request.file_by_filename() + "\"");
        return;
      }
      AddFileWithImports(file, response->mutable_file_descriptor_response());
      return;
    }
    case ServerReflectionRequest::kFileContainingSymbol: {
      const google::protobuf::FileDescriptor* file =
          pool->FindFileContainingSymbol(request.file_containing_symbol());
      if (file == nullptr) {
        SetError(response, grpc::StatusCode::NOT_FOUND,
                 "no symbol named \"" + request.file_containing_symbol() + "\"");
        return;
      }
      AddFileWithImports(file, response->mutable_file_descriptor_response());
      return;
    }
    case ServerReflectionRequest::kFileContainingExtension: {
      const auto& extension = request.file_containing_extension();
      const google::protobuf::Descriptor* type =
          pool->FindMessageTypeByName(extension.containing_type());
      const google::protobuf::FieldDescriptor* field =
          type == nullptr ? nullptr
                          : pool->FindExtensionByNumber(type, extension.extension_number());
      if (field == nullptr) {
        SetError(response, grpc::StatusCode::NOT_FOUND,
                 "no extension " + std::to_string(extension.extension_number()) + " of \"" +
                     extension.containing_type() + "\"");
        return;
      }
      AddFileWithImports(field->file(), response->mutable_file_descriptor_response());
      return;
    }
    case ServerReflectionRequest::kAllExtensionNumbersOfType: {
      const google::protobuf::Descriptor* type =
          pool->FindMessageTypeByName(request.all_extension_numbers_of_type());
      if (type == nullptr) {
        SetError(response, grpc::StatusCode::NOT_FOUND,
                 "no message type named \"" + request.all_extension_numbers_of_type() + "\"");
        return;
      }
      std::vector<const google::protobuf::FieldDescriptor*> extensions;
      pool->FindAllExtensions(type, &extensions);
      auto* numbers = response->mutable_all_extension_numbers_response();
      numbers->set_base_type_name(type->full_name());
      for (const google::protobuf::FieldDescriptor* field : extensions) {
        numbers->add_extension_number(field->number());
      }
      return;
    }
    case ServerReflectionRequest::MESSAGE_REQUEST_NOT_SET:
      break;
  }
  SetError(response, grpc::StatusCode::UNIMPLEMENTED, "the request names no reflection query");
}

// One ServerReflectionInfo stream: reads a request, writes its answer, reads
// the next, until the client half-closes (then OK) or leaves. One operation
// is always in flight, so a client that leaves shows as a failed operation.
class ReflectionService::Stream final : public ControlEvent {
 public:
  explicit Stream(ReflectionService& reflection) : reflection_(reflection), stream_(&context_) {}
  ~Stream() override {
    if (stage_ != Stage::kWaitingForCall) reflection_.control_.CallOver();
  }

  void Request() {
    reflection_.control_.RequestCall(
        [this](grpc::ServerCompletionQueue* notification_queue) {
          reflection_.service_.RequestServerReflectionInfo(&context_, &stream_,
                                                           reflection_.control_.queue(),
                                                           notification_queue, arrival_.Tag());
        },
        [this] { delete this; });
  }

  // Ends the stream at once (the server is going away).
  void Cancel() { context_.TryCancel(); }

  void Proceed(bool ok) override {
    switch (stage_) {
      case Stage::kWaitingForCall:
        if (!ok) {  // the server is shutting down
          delete this;
          return;
        }
        (new Stream(reflection_))->Request();
        reflection_.control_.CallArrived();
        arrived_ = std::chrono::steady_clock::now();
        reflection_.metrics_.RecordControlStarted(ControlMethod::kReflectionInfo);
        if (reflection_.ending_) {
          Finish(ErrorStatus(ErrorReason::kShuttingDown, "the server is shutting down"));
        } else if (static_cast<int>(reflection_.streams_.size()) >= kMaxStreams) {
          Finish(ErrorStatus(
              ErrorReason::kTooManyReflectionStreams,
              "too many reflection streams at once (at most " + std::to_string(kMaxStreams) + ")",
              {{"maxStreams", std::to_string(kMaxStreams)}}));
        } else {
          reflection_.streams_.insert(this);
          Read();
        }
        return;
      case Stage::kReading:
        if (!ok) {  // the client half-closed, or left
          Finish(grpc::Status::OK);
          return;
        }
        reflection_.metrics_.RecordControlReceived(ControlMethod::kReflectionInfo);
        response_.Clear();
        AnswerReflectionRequest(reflection_.services_, request_, &response_);
        stage_ = Stage::kWriting;
        reflection_.metrics_.RecordControlSent(ControlMethod::kReflectionInfo);
        stream_.Write(response_, this);
        return;
      case Stage::kWriting:
        if (!ok) {
          Finish(ErrorStatus(ErrorReason::kCancelled, "the stream was cancelled"));
          return;
        }
        Read();
        return;
      case Stage::kFinishing:
        delete this;
        return;
    }
  }

 private:
  enum class Stage { kWaitingForCall, kReading, kWriting, kFinishing };

  void Read() {
    stage_ = Stage::kReading;
    stream_.Read(&request_, this);
  }

  void Finish(const grpc::Status& status) {
    reflection_.metrics_.RecordControlHandled(
        ControlMethod::kReflectionInfo, status.error_code(),
        std::chrono::duration<double>(std::chrono::steady_clock::now() - arrived_).count());
    reflection_.streams_.erase(this);
    stage_ = Stage::kFinishing;
    stream_.Finish(status, this);
  }

  ReflectionService& reflection_;
  grpc::ServerContext context_;
  grpc::ServerAsyncReaderWriter<ServerReflectionResponse, ServerReflectionRequest> stream_;
  ServerReflectionRequest request_;
  ServerReflectionResponse response_;
  ControlArrival arrival_{reflection_.control_, *this};
  Stage stage_ = Stage::kWaitingForCall;
  std::chrono::steady_clock::time_point arrived_;
};

ReflectionService::ReflectionService(std::vector<std::string> services, ControlQueue& control,
                                     Metrics& metrics)
    : services_(std::move(services)), control_(control), metrics_(metrics) {}

void ReflectionService::Start() {
  for (int i = 0; i < kRequestedStreams; ++i) (new Stream(*this))->Request();
}

void ReflectionService::EndStreams() {
  control_.Post([this] {
    ending_ = true;
    for (Stream* stream : streams_) stream->Cancel();
  });
}

}  // namespace carcassonne::service
