// An example game site's backend in Go: plays one whole base game of
// Carcassonne against a running Carcassonne Referee over gRPC, with the code
// buf.gen.yaml generates (Debian's protoc-gen-go and protoc-gen-go-grpc) and
// Debian's grpc-go (golang-google-grpc-dev). The site owns the game and its
// bag; the referee only judges.
//
// The same flow as the Python and Node examples: NewGame; a malformed
// request, its google.rpc.BadRequest and its google.rpc.ErrorInfo (the reason
// a program reads); then each turn a tile drawn from the bag,
// ListLegalActions, a chosen action, ApplyAction, the figure (or a pass) the
// same way; once, an illegal move and its violation; at the end ScoreGame,
// checked against the snapshot. run.sh builds and runs it.
//
//	play_game --target=localhost:50051 [--seed=1] [--players=Ann,Bob] [--max_turns=0]
//
// Exit status: 0 when the game was played to its end and every check held.
package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"strings"
	"time"

	pb "github.com/carcassonne-referee/carcassonne-referee/gen/go/carcassonne/v1"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

const deadline = 10 * time.Second

// call runs one RPC under the example's deadline.
func call[T any](rpc func(ctx context.Context) (T, error)) (T, error) {
	ctx, cancel := context.WithTimeout(context.Background(), deadline)
	defer cancel()
	return rpc(ctx)
}

// drawTile is the site's draw: a tile of the bag, each copy equally likely.
func drawTile(state *pb.GameState, rng *rand.Rand) (string, error) {
	total := int32(0)
	for _, entry := range state.GetBag().GetTiles() {
		total += entry.GetCount()
	}
	if total == 0 {
		return "", fmt.Errorf("the bag is empty but the game is not over")
	}
	pick := rng.Int31n(total)
	for _, entry := range state.GetBag().GetTiles() {
		pick -= entry.GetCount()
		if pick < 0 {
			return entry.GetTileType(), nil
		}
	}
	panic("unreachable")
}

func describeSegment(segment *pb.SegmentRef) string {
	where := segment.GetSegmentId()
	if segment.GetLocation() != pb.Location_LOCATION_UNSPECIFIED {
		where = strings.TrimPrefix(segment.GetLocation().String(), "LOCATION_")
	}
	return fmt.Sprintf("(%d, %d) %s", segment.GetX(), segment.GetY(), where)
}

func describeAction(action *pb.Action) string {
	switch {
	case action.GetPlaceTile() != nil:
		tile := action.GetPlaceTile()
		return fmt.Sprintf("places %s at (%d, %d) turned %d", tile.GetTileType(), tile.GetX(), tile.GetY(), tile.GetRotation())
	case action.GetPlaceFigure() != nil:
		figure := strings.ToLower(strings.TrimPrefix(action.GetPlaceFigure().GetKind().String(), "FIGURE_KIND_"))
		return fmt.Sprintf("puts a %s on %s", figure, describeSegment(action.GetPlaceFigure().GetSegment()))
	case action.GetPass() != nil:
		return "passes"
	case action.GetDiscardTile() != nil:
		return fmt.Sprintf("discards %s (it fits nowhere, BG-03)", action.GetDiscardTile().GetTileType())
	}
	return fmt.Sprintf("%T", action.GetAction())
}

func describeEvent(event *pb.ScoreEvent, names []string) string {
	kind := strings.ToLower(strings.TrimPrefix(event.GetFeatureKind().String(), "FEATURE_KIND_"))
	var points, items []string
	for _, p := range event.GetPoints() {
		points = append(points, fmt.Sprintf("%s +%d", names[p.GetPlayer()], p.GetPoints()))
	}
	for _, item := range event.GetLineItems() {
		items = append(items, fmt.Sprintf("%s [%s]", item.GetDescription(), item.GetRuleId()))
	}
	who := strings.Join(points, ", ")
	if who == "" {
		who = "nobody scores"
	}
	state := "unfinished"
	if event.GetComplete() {
		state = "completed"
	}
	text := fmt.Sprintf("%s %s: %s", state, kind, who)
	if len(items) > 0 {
		text += " (" + strings.Join(items, "; ") + ")"
	}
	return text
}

// chooseAction: a figure half of the time when one may be placed, else a
// pass; any placement.
func chooseAction(actions []*pb.Action, rng *rand.Rand) *pb.Action {
	var figures, others []*pb.Action
	for _, action := range actions {
		if action.GetPlaceFigure() != nil {
			figures = append(figures, action)
		} else {
			others = append(others, action)
		}
	}
	if len(figures) > 0 && rng.Float64() < 0.5 {
		return figures[rng.Intn(len(figures))]
	}
	if len(others) == 0 {
		others = actions
	}
	return others[rng.Intn(len(others))]
}

func run() error {
	target := flag.String("target", "localhost:50051", "the referee's gRPC address")
	seed := flag.Int64("seed", 1, "the site's draw and choices")
	players := flag.String("players", "Ann,Bob", "the players' names")
	maxTurns := flag.Int("max_turns", 0, "0: play to the end")
	flag.Parse()
	names := strings.Split(*players, ",")
	rng := rand.New(rand.NewSource(*seed))

	dialCtx, cancel := context.WithTimeout(context.Background(), deadline)
	defer cancel()
	conn, err := grpc.DialContext(dialCtx, *target, grpc.WithInsecure(), grpc.WithBlock())
	if err != nil {
		return fmt.Errorf("dial %s: %w", *target, err)
	}
	defer conn.Close()
	referee := pb.NewRefereeServiceClient(conn)

	// 1. A new game.
	opening, err := call(func(ctx context.Context) (*pb.NewGameResponse, error) {
		return referee.NewGame(ctx, &pb.NewGameRequest{PlayerNames: names})
	})
	if err != nil {
		return fmt.Errorf("NewGame: %w", err)
	}
	state := opening.GetState()
	bagSize := int32(0)
	for _, entry := range state.GetBag().GetTiles() {
		bagSize += entry.GetCount()
	}
	fmt.Printf("NewGame: %s, start tile %s at (0, 0), %d tiles in the bag\n",
		strings.Join(names, " and "), state.GetTiles()[0].GetTileType(), bagSize)

	// 2. A malformed request is an RPC error with the offending field paths
	// (google.rpc.BadRequest) and the reason (google.rpc.ErrorInfo).
	_, err = call(func(ctx context.Context) (*pb.ValidateActionResponse, error) {
		return referee.ValidateAction(ctx, &pb.ValidateActionRequest{
			State: state,
			Action: &pb.Action{Action: &pb.Action_PlaceTile{PlaceTile: &pb.PlaceTile{
				TileType: "base:E", X: 0, Y: -1, Rotation: 45}}},
		})
	})
	malformed := status.Convert(err)
	if err == nil || malformed.Code() != codes.InvalidArgument {
		return fmt.Errorf("a rotation of 45 degrees: want INVALID_ARGUMENT, got %v", err)
	}
	var info *errdetails.ErrorInfo
	violations := 0
	for _, detail := range malformed.Details() {
		switch detail := detail.(type) {
		case *errdetails.BadRequest:
			for _, violation := range detail.GetFieldViolations() {
				violations++
				fmt.Printf("malformed request: INVALID_ARGUMENT, field %s: %s\n", violation.GetField(), violation.GetDescription())
			}
		case *errdetails.ErrorInfo:
			info = detail
		}
	}
	if violations == 0 {
		return fmt.Errorf("INVALID_ARGUMENT without a google.rpc.BadRequest")
	}
	if info == nil || info.GetDomain() != "carcassonne.referee" {
		return fmt.Errorf("INVALID_ARGUMENT without the referee's google.rpc.ErrorInfo")
	}
	fmt.Printf("malformed request: reason %s, JSON field %s\n", info.GetReason(), info.GetMetadata()["jsonField"])

	// 3. The turns, until the referee says the game is over.
	turn := 0
	illegalMoveShown := false
	for state.GetPhase() != pb.Phase_PHASE_GAME_OVER {
		if *maxTurns > 0 && turn >= *maxTurns {
			break
		}
		turn++
		player := names[state.GetActivePlayer()]
		tileType, err := drawTile(state, rng)
		if err != nil {
			return err
		}

		// The illegal-move case, once: the drawn tile on the start tile's
		// cell. An illegal move is an answer (a verdict), not an RPC error.
		if !illegalMoveShown {
			illegal, err := call(func(ctx context.Context) (*pb.ApplyActionResponse, error) {
				return referee.ApplyAction(ctx, &pb.ApplyActionRequest{State: state, Action: &pb.Action{
					Action: &pb.Action_PlaceTile{PlaceTile: &pb.PlaceTile{TileType: tileType}}}})
			})
			if err != nil {
				return fmt.Errorf("ApplyAction (illegal move): %w", err)
			}
			if illegal.GetVerdict().GetLegal() || illegal.GetState() != nil {
				return fmt.Errorf("a tile on an occupied cell was accepted")
			}
			for _, violation := range illegal.GetVerdict().GetViolations() {
				fmt.Printf("illegal move: %s %s at (0, 0): %s [%s] %s\n", player, tileType,
					violation.GetCode(), violation.GetRuleId(), violation.GetMessage())
			}
			illegalMoveShown = true
		}

		// The tile, then the figure (or a pass): each step one legal action
		// chosen from ListLegalActions and applied with ApplyAction.
		var steps []string
		request := &pb.ListLegalActionsRequest{State: state, TileType: tileType}
		for {
			legal, err := call(func(ctx context.Context) (*pb.ListLegalActionsResponse, error) {
				return referee.ListLegalActions(ctx, request)
			})
			if err != nil {
				return fmt.Errorf("ListLegalActions: %w", err)
			}
			if len(legal.GetActions()) == 0 {
				return fmt.Errorf("no legal action in %s", state.GetPhase())
			}
			action := chooseAction(legal.GetActions(), rng)
			applied, err := call(func(ctx context.Context) (*pb.ApplyActionResponse, error) {
				return referee.ApplyAction(ctx, &pb.ApplyActionRequest{State: state, Action: action})
			})
			if err != nil {
				return fmt.Errorf("ApplyAction: %w", err)
			}
			if !applied.GetVerdict().GetLegal() {
				return fmt.Errorf("a listed action was judged illegal: %v", applied.GetVerdict())
			}
			steps = append(steps, describeAction(action))
			for _, event := range applied.GetEvents() {
				steps = append(steps, describeEvent(event, names))
			}
			state = applied.GetState()
			request = &pb.ListLegalActionsRequest{State: state}
			// A tile that fits nowhere is discarded and the same player draws again.
			if state.GetPhase() == pb.Phase_PHASE_PLACE_TILE || state.GetPhase() == pb.Phase_PHASE_GAME_OVER {
				break
			}
		}
		fmt.Printf("turn %d: %s %s\n", turn, player, strings.Join(steps, "; "))
	}

	// 4. The final scores. After the last tile the referee has already run
	// the end-of-game scoring, so ScoreGame adds nothing and must agree with
	// the snapshot's scores.
	scored, err := call(func(ctx context.Context) (*pb.ScoreGameResponse, error) {
		return referee.ScoreGame(ctx, &pb.ScoreGameRequest{State: state})
	})
	if err != nil {
		return fmt.Errorf("ScoreGame: %w", err)
	}
	for _, event := range scored.GetEvents() {
		fmt.Printf("ScoreGame: %s\n", describeEvent(event, names))
	}
	var table []string
	for i, score := range scored.GetFinalScores() {
		if state.GetPhase() == pb.Phase_PHASE_GAME_OVER && score != state.GetPlayers()[i].GetScore() {
			return fmt.Errorf("ScoreGame gives %s %d, the snapshot %d", names[i], score, state.GetPlayers()[i].GetScore())
		}
		table = append(table, fmt.Sprintf("%s %d", names[i], score))
	}
	ending := "stopped"
	if state.GetPhase() == pb.Phase_PHASE_GAME_OVER {
		ending = "game over"
	}
	fmt.Printf("%s after %d turns: %s\n", ending, turn, strings.Join(table, ", "))
	return nil
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "play_game:", err)
		os.Exit(1)
	}
}
