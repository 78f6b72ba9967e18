
set terminal pngcairo size 1400,560 font ',10'
set output 'bench/cost_vs_board_size.png'
set multiplot layout 1,2 title 'Engine cost against board size, every expansion (carcassonne\_bench, CPU time)'
set logscale x 2
set logscale y 10
set xlabel 'tiles on the board'
set ylabel 'microseconds per operation (log)'
set xtics (36, 72, 144, 288)
set xrange [30:340]
set grid
set key outside right top vertical font ',9' noenhanced
set format y '%g'
plot for [i=3:12] 'bench/raw/cost.dat' using 1:i with linespoints lw 2 title columnhead(i)
set title 'ListLegalActions: growth from the 72-tile board (every expansion)'
set ylabel 'ratio to the 72-tile board (log)'
set logscale y 2
set key inside left top
plot 'bench/raw/growth.dat' using 1:2 with linespoints title 'tiles', \
     '' using 1:3 with linespoints title 'open cells', \
     '' using 1:4 with linespoints lw 2 title 'ListLegalActions time (every tile type in turn)'
unset multiplot
