
set terminal pngcairo size 900,450 font ',10'
set output 'bench/rss_under_load.png'
set title 'Resident memory (VmRSS) of a fresh real server under sustained load'
set xlabel 'seconds'
set ylabel 'MiB'
set yrange [0:120]
set grid
plot 'bench/raw/rss.dat' using 1:2 with lines lw 2 title 'VmRSS', 100 with lines dt 2 title 'target 100 MiB'
